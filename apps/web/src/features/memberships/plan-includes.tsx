import { messages, type Plan } from '@shop/shared';

/** What a plan gives besides its courses by name: every course (future ones too), the live sessions, the community. */
export function PlanIncludes({ plan }: { plan: Plan }) {
  return (
    <ul className="plan-includes">
      {plan.allCourses && <li>{messages.planAllCourses}</li>}
      {!plan.allCourses && <li>{messages.planCourseCount.replace('{count}', String(plan.courseIds.length))}</li>}
      {plan.liveSessions && <li>{messages.planLiveSessions}</li>}
      {plan.community && <li>{messages.planCommunity}</li>}
    </ul>
  );
}
