import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { instalmentCoursesOf } from '../plans/index.js';
import { claimCourseGrant, countCharges, findCoursesToGrant } from './instalments-repo.js';
import { recordGatewayCharges } from './record-gateway-charges.js';

/** Learning's enrolment writer, called inside the claiming transaction (subscriptions cannot import learning: it asks us). */
export type EnrolBuyer = (trx: Db, userId: string, courseId: string, now: Date) => Promise<void>;

/**
 * An instalment course (or each course of an instalment bundle) becomes the buyer's own once the gateway reports the subscription `completed` and
 * its N charges are recorded (decision 0038). The claim (`course_granted_at`, set where it is null) and the
 * enrolment are one transaction, so replays, reconciliation passes and a crash between the two grant once.
 * With `askGateway` (reconciliation), a completed one short of charges (a `subscription.charged` lost)
 * has them read from the gateway first. Returns how many subscriptions' courses were granted.
 */
export async function grantInstalmentCourses(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config' | 'gateway'>,
  enrol: EnrolBuyer,
  options: { gatewaySubscriptionId?: string; askGateway?: boolean } = {},
  now = new Date(),
): Promise<number> {
  let granted = 0;
  for (const row of await findCoursesToGrant(deps.db, options.gatewaySubscriptionId)) {
    const courseIds = await instalmentCoursesOf(deps.db, row.plan_id);
    if (courseIds.length === 0) continue;
    if (
      options.askGateway &&
      row.gateway_subscription_id &&
      (await countCharges(deps.db, row.id)) < (row.total_count ?? 0)
    ) {
      const subscription = await deps.gateway.fetchSubscription(row.gateway_subscription_id);
      await recordGatewayCharges(deps, row, subscription, now);
    }
    const stamp = now.toISOString();
    const claimed = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimCourseGrant(trx, row.id, stamp))) return false;
      for (const courseId of courseIds) await enrol(trx, row.user_id, courseId, now);
      return true;
    });
    if (claimed) granted += 1;
  }
  return granted;
}
