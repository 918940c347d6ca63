import type { CourseSummary } from '@shop/shared';
import { messages } from '@shop/shared';
import { Stars } from '../../components/ui/stars';

/** A course's stars from its buyers' visible reviews; a rating of 0 means none yet, and says so. */
export function CourseRating({ course }: { course: Pick<CourseSummary, 'rating' | 'review'> }) {
  return (
    <span className="rating">
      {course.rating > 0 ? (
        <>
          <Stars rating={course.rating} /> <span>({course.review})</span>
        </>
      ) : (
        <span>{messages.noReviewsShort}</span>
      )}
    </span>
  );
}
