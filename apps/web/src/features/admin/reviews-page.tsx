import { messages } from '@shop/shared';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from './format-date';
import { useListAdminReviewsQuery, useSetReviewVisibilityMutation } from './reviews-api';
import { AdminTable, RowButton } from './table-wrap';

/** Buyers' reviews, newest first; hiding one takes it out of the course's list and figures at once. */
export function ReviewsPage() {
  const { data, isFetching } = useListAdminReviewsQuery();
  const [setVisibility, { isLoading }] = useSetReviewVisibilityMutation();
  const toggle = async (id: string, hidden: boolean) => {
    try {
      toast.success((await setVisibility({ id, hidden }).unwrap()).message);
    } catch (error) {
      toast.error(errorMessage(error, messages.reviewSaveFailed));
    }
  };
  if (!data) return <p className="state-message">{messages.loading}</p>;
  return (
    <>
      <h1>Reviews</h1>
      <p className="admin-hint">
        Hide a review that breaks the terms' review rules; it leaves the course page and its rating at once, and you can
        show it again. Every change is in the activity log.
      </p>
      <AdminTable
        label="Reviews"
        busy={isFetching}
        columns={['Date', 'Course', 'Learner', 'Rating', 'Review', 'State', 'Action']}
        rows={data}
        empty={<p className="state-message">No reviews yet.</p>}
      >
        {(review) => (
          <>
            <td>{formatDateTime(review.date)}</td>
            <td>{review.courseTitle}</td>
            <td>
              {review.username}
              <br />
              <small>{review.email}</small>
            </td>
            <td>{review.rating} / 5</td>
            <td className="admin-review-text">{review.text || '—'}</td>
            <td>{review.hidden ? 'Hidden' : 'Shown'}</td>
            <td>
              <RowButton
                label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.username} of ${review.courseTitle}`}
                disabled={isLoading}
                onClick={() => toggle(review.id, !review.hidden)}
              >
                {review.hidden ? 'Show' : 'Hide'}
              </RowButton>
            </td>
          </>
        )}
      </AdminTable>
    </>
  );
}
