import type { AppDeps } from '../../deps.js';
import { GatewayRejectedError, type GatewaySubscription } from '../../payments/gateway.js';
import { findPendingReplacement } from './replacements-repo.js';
import { applyState, ENDED_STATUSES, type SubscriptionRow } from './repo.js';
import { stateOf, syncFromGateway } from './sync-from-gateway.js';
import { completeReplacement } from './take-over-replaced.js';

/**
 * What a subscription's fresh gateway state means for resume and a new payment method (decision 0037
 * addendum), after verify, a webhook or reconciliation stored it:
 * - a replacement the learner has authorised takes over from the old one (take-over-replaced.ts);
 * - a subscription that has ended lets go of a replacement still unauthorised (an abandoned resume): it
 *   is cancelled at the gateway, so a checkout tab left open cannot start it after the end.
 */
export async function followReplacements(
  deps: Pick<AppDeps, 'db' | 'gateway'>,
  row: Pick<SubscriptionRow, 'id' | 'replaces_id' | 'took_over_at'>,
  current: GatewaySubscription,
  now = new Date(),
): Promise<void> {
  if (row.replaces_id !== null && row.took_over_at === null && current.status !== 'created')
    await completeReplacement(deps, row.id, now);
  if (!ENDED_STATUSES.includes(current.status)) return;
  const pending = await findPendingReplacement(deps.db, row.id);
  if (!pending?.gateway_subscription_id || pending.status !== 'created') return;
  try {
    const cancelled = await deps.gateway.cancelSubscription(pending.gateway_subscription_id, { atCycleEnd: false });
    await applyState(deps.db, pending.id, stateOf(cancelled), now.toISOString());
  } catch (error) {
    if (!(error instanceof GatewayRejectedError)) throw error;
    // Refused: authorised meanwhile after all; it takes over if the learner's slot is free.
    const fresh = await syncFromGateway(deps, pending, now);
    if (fresh && fresh.status !== 'created') await completeReplacement(deps, pending.id, now);
  }
}
