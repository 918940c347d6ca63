import { formatRupees, messages } from '@shop/shared';
import { Link, useParams } from 'wouter';
import { Price } from '../../components/ui/price';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetCourseQuery } from '../catalog';
import { PlanLayout, SubscribePanel } from '../memberships';
// The subscribe panel's own styles (the tick, the button) live with the plan page's.
import '../memberships/memberships.css';

/**
 * /instalments/{courseId} (decision 0038): a course offered in N monthly payments, the mandate in plain
 * words, and the memberships' Subscribe (the same tick, Razorpay Checkout, verify) for its hidden plan.
 */
export default function InstalmentsPage() {
  const { courseId = '' } = useParams();
  const { data: course, isLoading } = useGetCourseQuery(courseId);
  const offer = course?.instalments ?? null;
  const title =
    course && offer
      ? messages.instalmentsTitle.replace('{title}', course.title).replace('{count}', String(offer.count))
      : messages.instalmentsNotOffered;
  useDocumentMeta(title, undefined, course?.thumb);

  if (isLoading) return <p className="container section state-message">{messages.loading}</p>;
  if (!course || !offer) {
    return (
      <section className="container section not-found">
        <h1>{messages.instalmentsNotOffered}</h1>
        <Link className="btn" to={course ? `/course-details/${course._id}` : '/courses'}>
          {course ? course.title : messages.membershipsTitle}
        </Link>
      </section>
    );
  }
  const amount = formatRupees(offer.amount);
  return (
    <PlanLayout
      main={
        <>
          <h1>{title}</h1>
          <p>
            <Link to={`/course-details/${course._id}`}>{course.title}</Link>
          </p>
          <p className="plan-description">
            {messages.instalmentsTotal
              .replace('{count}', String(offer.count))
              .replace('{amount}', amount)
              .replace('{total}', formatRupees(Math.round(offer.amount * offer.count * 100) / 100))}
          </p>
        </>
      }
      side={
        <>
          <p className="plan-price">
            {offer.count} × <Price rupees={offer.amount} className="price price-large" /> {messages.planPerMonth}
          </p>
          <p className="plan-mandate">
            {messages.instalmentsMandate.replaceAll('{amount}', amount).replace('{count}', String(offer.count))}
          </p>
          <SubscribePanel plan={{ id: offer.planId, title }} returnTo={`/instalments/${course._id}`} />
        </>
      }
    />
  );
}
