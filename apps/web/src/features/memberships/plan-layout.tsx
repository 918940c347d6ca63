import { messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { PLAN_DISCLAIMER_ID } from './subscribe-panel';

/**
 * A page that sells a plan (a membership, a course in instalments): what it is, beside it the price, the
 * mandate and Subscribe (`side`), and under both the disclaimer that Subscribe's tick points to.
 */
export function PlanLayout({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <section className="section plan-details">
      <div className="container plan-grid">
        <div className="plan-main">{main}</div>
        <aside className="plan-side" aria-label="Price and mandate">
          {side}
        </aside>
        <p id={PLAN_DISCLAIMER_ID} className="course-disclaimer plan-disclaimer" role="note">
          {messages.investmentDisclaimer}
        </p>
      </div>
    </section>
  );
}
