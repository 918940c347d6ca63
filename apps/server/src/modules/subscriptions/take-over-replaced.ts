import type { AppDeps } from '../../deps.js';
import { GatewayRejectedError } from '../../payments/gateway.js';
import { findSubscription, moveLiveKey } from './replacements-repo.js';
import { applyState, ENDED_STATUSES, markCancelAtPeriodEnd, type SubscriptionStatus } from './repo.js';
import { stateOf, syncFromGateway } from './sync-from-gateway.js';

/** A replacement in these states was authorised by the learner at the checkout. */
const AUTHORISED: readonly SubscriptionStatus[] = ['authenticated', 'active', 'pending', 'halted'];
/** An old subscription in these states is not paying: the new one was charged at once and the old ends now. */
const NOT_PAYING: readonly SubscriptionStatus[] = ['pending', 'halted'];

/**
 * A replacement (resume before the end, or a new payment method) whose authorisation the gateway now
 * holds takes over from the old subscription, once, whoever comes first: the checkout's verify, the
 * replacement's webhook or reconciliation. Until then nothing about the old one changed (an abandoned
 * resume leaves it as it was).
 *
 * - Resume: the old one is already cancelled at its cycle end at the gateway and runs out then; the new
 *   one's first charge is at that end (its `start_at`), so there is neither a gap nor a double charge.
 * - New payment method: the old one is cancelled at the gateway, at its cycle end when it is paying (the
 *   new one starts there), at once when pending or halted (the new one was charged at its authorisation,
 *   and that charge opens the courses again).
 *
 * Then the learner's live slot for the plan moves to the new row in one transaction. Should another live
 * subscription to the plan hold it (subscribed again after the old one ended), the replacement is
 * cancelled at the gateway at once instead: one live subscription per learner and plan, always.
 */
export async function completeReplacement(
  deps: Pick<AppDeps, 'db' | 'gateway'>,
  replacementId: string,
  now = new Date(),
): Promise<void> {
  const row = await findSubscription(deps.db, replacementId);
  if (!row?.replaces_id || row.took_over_at !== null || !AUTHORISED.includes(row.status)) return;
  const stamp = now.toISOString();
  const old = await findSubscription(deps.db, row.replaces_id);
  if (row.replace_reason === 'method' && old?.gateway_subscription_id && !ENDED_STATUSES.includes(old.status)) {
    // Asked afresh: whether the old one is still paying decides when it ends.
    const current = await syncFromGateway(deps, old, now);
    if (current && !ENDED_STATUSES.includes(current.status)) {
      const atCycleEnd = !NOT_PAYING.includes(current.status);
      try {
        const cancelled = await deps.gateway.cancelSubscription(old.gateway_subscription_id, { atCycleEnd });
        if (atCycleEnd) await markCancelAtPeriodEnd(deps.db, old.id, stamp);
        await applyState(deps.db, old.id, stateOf(cancelled), stamp);
      } catch (error) {
        if (!(error instanceof GatewayRejectedError)) throw error;
        // Refused: it ended meanwhile (another caller's cancel); store what the gateway holds.
        await syncFromGateway(deps, old, now);
      }
    }
  }
  if ((await moveLiveKey(deps.db, row, stamp)) === 'taken') return;
  if (!row.gateway_subscription_id) return;
  try {
    const cancelled = await deps.gateway.cancelSubscription(row.gateway_subscription_id, { atCycleEnd: false });
    await applyState(deps.db, row.id, stateOf(cancelled), stamp);
  } catch (error) {
    if (!(error instanceof GatewayRejectedError)) throw error;
    await syncFromGateway(deps, row, now);
  }
}
