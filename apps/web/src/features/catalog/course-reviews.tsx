import { type CourseReviewsResponse, messages } from '@shop/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { Stars } from '../../components/ui/stars';
import { useGetProfileQuery } from '../account';
import { useGetCourseReviewsQuery, useGetMyReviewQuery } from './reviews-api';
import './reviews.css';
import { formatDay } from '../../components/ui/format-day';

// Only owners see the form: visitors' course pages do not load the form library for it.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

export function reviewCountText(count: number): string {
  return count === 1 ? messages.reviewsCountOne : messages.reviewsCount.replace('{count}', String(count));
}

/** The spec's table, 5 stars to 1, each with its share as a bar and its count, from visible reviews. */
function Breakdown({ figures }: { figures: CourseReviewsResponse }) {
  return (
    <div className="review-summary">
      <div className="review-average">
        <strong>{figures.average.toFixed(1)}</strong>
        <Stars rating={figures.average} size={18} />
        <span className="review-count">{reviewCountText(figures.count)}</span>
      </div>
      <table className="review-table">
        <caption className="visually-hidden">Ratings breakdown</caption>
        <tbody>
          {figures.breakdown.map((row) => (
            <tr key={row.stars}>
              <th scope="row">{row.stars} stars</th>
              <td className="bar-cell">
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${row.percent}%` }} />
                </span>
              </td>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="review-pager" aria-label="Review pages">
      <button type="button" className="btn btn-small btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer reviews
      </button>
      <span>
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className="btn btn-small btn-outline"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Older reviews
      </button>
    </nav>
  );
}

/** What the reader may do here: write or edit their review, or why they cannot. */
function Compose({ courseId }: { courseId: string }) {
  const { data: profile, isLoading } = useGetProfileQuery();
  const { data: mine } = useGetMyReviewQuery(courseId, { skip: !profile });
  if (isLoading) return null;
  if (!profile) {
    return (
      <p className="review-note">
        <Link to={`/login?next=${encodeURIComponent(`/course-details/${courseId}`)}`}>{messages.reviewLogIn}</Link>
      </p>
    );
  }
  if (!mine) return null;
  if (!mine.canReview) return <p className="review-note">{messages.reviewBuyersOnly}</p>;
  return (
    <Suspense fallback={<p className="state-message">{messages.loading}</p>}>
      <ReviewForm courseId={courseId} mine={mine.review} />
    </Suspense>
  );
}

/** The Reviews pane of the course page: figures, the paged list (newest first) and the owner's form. */
export function CourseReviews({ courseId }: { courseId: string }) {
  const [page, setPage] = useState(1);
  const { data: figures, isError } = useGetCourseReviewsQuery({ courseId, page });
  return (
    <section className="course-review-pane" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{messages.reviewsTitle}</h2>
      {isError ? (
        <p className="state-message">{messages.reviewsLoadFailed}</p>
      ) : !figures ? (
        <p className="state-message">{messages.loading}</p>
      ) : figures.count === 0 ? (
        <p className="review-empty">{messages.noReviewsYet}</p>
      ) : (
        <>
          <Breakdown figures={figures} />
          <ol className="review-list">
            {figures.reviews.map((review) => (
              <li key={review.id}>
                <p className="review-meta">
                  <Stars rating={review.rating} /> <strong>{review.username}</strong>{' '}
                  <time dateTime={review.date}>{formatDay(review.date)}</time>
                </p>
                {review.text && <p className="review-text">{review.text}</p>}
              </li>
            ))}
          </ol>
          <Pager page={page} pageCount={figures.pageCount} onPage={setPage} />
        </>
      )}
      <Compose courseId={courseId} />
    </section>
  );
}
