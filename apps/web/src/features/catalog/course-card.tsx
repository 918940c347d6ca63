import type { CourseSummary } from '@shop/shared';
import { messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Price } from '../../components/ui/price';
import { CourseRating } from './course-rating';

interface CourseCardProps {
  course: CourseSummary;
  /** Extra controls in the card's corner (the wishlist heart). */
  actions?: ReactNode;
  /** The first cards on a page load eagerly: they are the page's largest image. */
  eager?: boolean;
}

export function CourseCard({ course, actions, eager = false }: CourseCardProps) {
  const href = `/course-details/${course._id}`;
  return (
    <article className="course-card">
      <Link to={href} className="course-card-thumb" tabIndex={-1} aria-hidden="true">
        <img
          src={course.thumb}
          alt=""
          width="350"
          height="219"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      </Link>
      {actions && <div className="course-card-actions">{actions}</div>}
      <div className="course-card-body">
        <div className="course-card-meta">
          <Link to="/courses" className="tag">
            {course.tag}
          </Link>
          <CourseRating course={course} />
        </div>
        <h3 className="course-card-title">
          <Link to={href}>{course.title}</Link>
        </h3>
        <p className="course-card-by">By {course.instructor}</p>
        <div className="course-card-foot">
          <Link to={href} className="btn btn-small" aria-label={`${messages.buyNow}: ${course.title}`}>
            {messages.buyNow}
          </Link>
          <Price rupees={course.price} />
        </div>
      </div>
    </article>
  );
}
