import { messages, type Plan } from '@shop/shared';
import type { ReactNode } from 'react';

/**
 * What a plan gives besides its listed courses: every course (future ones too), the live sessions, the
 * community. `courses` is drawn where a plan lists its own courses (the plan's page links each one).
 */
export function PlanIncludes({ plan, courses }: { plan: Plan; courses?: ReactNode }) {
  return (
    <ul className="plan-includes">
      {plan.allCourses && <li>{messages.planAllCourses}</li>}
      {courses}
      {plan.liveSessions && <li>{messages.planLiveSessions}</li>}
      {plan.community && <li>{messages.planCommunity}</li>}
    </ul>
  );
}
