import type { AppDeps } from '../../deps.js';
import { GatewayRejectedError } from '../../payments/gateway.js';
import { applyState, expireUnmade, findAbandoned } from './repo.js';
import { stateOf, syncFromGateway } from './sync-from-gateway.js';

/** A subscription made but never authorised holds the learner's slot this long (a checkout left open). */
export const ABANDONED_AFTER_MINUTES = 30;

/**
 * Frees the learner's slot for the plan when a checkout opened over 30 minutes ago never came back. The
 * gateway is asked first: authorised after all (its verify and webhooks not in yet), it is stored so and
 * keeps the slot (the caller answers 409). Still unauthorised, it is cancelled at the gateway, so a tab
 * left open can no longer pay for a subscription the shop has let go.
 */
export async function releaseAbandoned(
  deps: Pick<AppDeps, 'db' | 'gateway'>,
  userId: string,
  planId: string,
  now: Date,
): Promise<void> {
  const before = new Date(now.getTime() - ABANDONED_AFTER_MINUTES * 60_000).toISOString();
  const stale = await findAbandoned(deps.db, userId, planId, before);
  if (!stale) return;
  const stamp = now.toISOString();
  if (!stale.gateway_subscription_id) return expireUnmade(deps.db, stale.id, stamp);
  // Asked first: a checkout authorised late is the learner's membership, not an abandoned one.
  const current = await syncFromGateway(deps, stale, now);
  if (current?.status !== 'created') return;
  try {
    const cancelled = await deps.gateway.cancelSubscription(stale.gateway_subscription_id, { atCycleEnd: false });
    await applyState(deps.db, stale.id, stateOf(cancelled), stamp);
  } catch (error) {
    if (!(error instanceof GatewayRejectedError)) throw error;
    await syncFromGateway(deps, stale, now);
  }
}
