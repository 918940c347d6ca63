import { messages } from '@shop/shared';
import { Suspense } from 'react';
import { Link, useParams } from 'wouter';
import { Price } from '../../components/ui/price';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetProfileQuery } from '../account';
import { useGetPlanQuery } from './api';
import { PlanIncludes } from './plan-includes';
import { PlanLayout } from './plan-layout';
import { mandateLine, perPeriod, trialLine } from './plan-terms';
import { SubscribePanel } from './subscribe-panel';
import './memberships.css';
import { LiveRecordingsFor, UpcomingLiveSessionsFor } from '../live-sessions';

/**
 * /memberships/{id}: one plan, what it includes, its price per period and its mandate in plain words,
 * and Subscribe beside them (Razorpay Checkout with the subscription, after the disclaimer's tick).
 */
export default function PlanPage() {
  const { id = '' } = useParams();
  const { data: plan, isLoading } = useGetPlanQuery(id);
  const { data: profile } = useGetProfileQuery();
  useDocumentMeta(plan?.title ?? messages.planNotFound, plan?.description.slice(0, 160), plan?.thumb);

  if (isLoading) return <p className="container section state-message">{messages.loading}</p>;
  if (!plan) {
    return (
      <section className="container section not-found">
        <h1>{messages.planNotFound}</h1>
        <Link className="btn" to="/memberships">
          {messages.membershipsTitle}
        </Link>
      </section>
    );
  }
  const trial = trialLine(plan);
  return (
    <PlanLayout
      main={
        <>
          <h1>{plan.title}</h1>
          <p className="plan-description">{plan.description}</p>
          <h2>{messages.planIncludes}</h2>
          <PlanIncludes plan={plan} />
          {plan.courses.length > 0 && (
            <>
              <h3>{messages.planCoursesNow}</h3>
              <ul className="plan-courses">
                {plan.courses.map((course) => (
                  <li key={course._id}>
                    <Link to={`/course-details/${course._id}`}>
                      <img src={course.thumb} alt="" width="96" height="60" loading="lazy" />
                      <span>{course.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      }
      side={
        <>
          <p className="plan-price">
            <Price rupees={plan.price} className="price price-large" /> {perPeriod(plan.period)}
          </p>
          {trial && <p className="plan-trial">{trial}</p>}
          <p className="plan-mandate">{mandateLine(plan)}</p>
          <SubscribePanel plan={plan} />
          {profile && (
            <Suspense fallback={null}>
              <UpcomingLiveSessionsFor planId={plan.id} />
              <LiveRecordingsFor planId={plan.id} />
            </Suspense>
          )}
        </>
      }
    />
  );
}
