import { messages } from '@shop/shared';
import { Link, useParams } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetCourseQuery } from '../catalog';
import { OfferLayout, OfferMissing, offerTitle } from './offer-layout';

/**
 * /instalments/{courseId} (decision 0038): a course offered in N monthly payments, the mandate in plain
 * words, and the memberships' Subscribe (the same tick, Razorpay Checkout, verify) for its hidden plan.
 */
export default function InstalmentsPage() {
  const { courseId = '' } = useParams();
  const { data: course, isLoading } = useGetCourseQuery(courseId);
  const offer = course?.instalments ?? null;
  const title = course && offer ? offerTitle(course.title, offer) : messages.instalmentsNotOffered;
  useDocumentMeta(title, undefined, course?.thumb);

  if (!course || !offer) {
    return (
      <OfferMissing
        loading={isLoading}
        heading={messages.instalmentsNotOffered}
        back={
          course
            ? { to: `/course-details/${course._id}`, label: course.title }
            : { to: '/courses', label: messages.allCourses }
        }
      />
    );
  }
  return (
    <OfferLayout title={title} offer={offer} returnTo={`/instalments/${course._id}`}>
      <p>
        <Link to={`/course-details/${course._id}`}>{course.title}</Link>
      </p>
    </OfferLayout>
  );
}
