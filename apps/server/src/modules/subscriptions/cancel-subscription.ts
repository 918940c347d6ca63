import { type CancelSubscriptionResponse, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { notifyMembers } from './notify-members.js';
import { applyState, ENDED_STATUSES, findOwnSubscription, markCancelAtPeriodEnd } from './repo.js';
import { stateOf, syncFromGateway } from './sync-from-gateway.js';

/**
 * The learner cancels at the end of the paid period, in one call (as easy as subscribing): the gateway
 * charges no more and the courses stay open until the period ends. Only the owner's subscription (anyone
 * else's is not found); a repeat answers the same without asking the gateway again.
 */
export async function cancelSubscription(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<CancelSubscriptionResponse> {
  const row = await findOwnSubscription(deps.db, id, user.id);
  if (!row?.gateway_subscription_id) throw new AppError('not_found', messages.subscriptionNotFound);
  if (row.cancel_at_period_end === 1) return { ok: true, cancelAtPeriodEnd: true };
  if (ENDED_STATUSES.includes(row.status)) throw new AppError('conflict', messages.subscriptionCannotCancel);
  const stamp = now.toISOString();
  try {
    const cancelled = await deps.gateway.cancelSubscription(row.gateway_subscription_id, { atCycleEnd: true });
    await markCancelAtPeriodEnd(deps.db, row.id, stamp);
    await applyState(deps.db, row.id, stateOf(cancelled), stamp);
    // The note that nothing more is charged and until when the courses stay open (or the end, for a trial).
    await notifyMembers(deps, row.gateway_subscription_id, now);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.gatewayUnavailable);
    if (!(error instanceof GatewayRejectedError)) throw error;
    // Refused: most likely it ended at the gateway meanwhile (a second tab's cancel); store what it holds.
    const current = await syncFromGateway(deps, row, now);
    if (!current || ENDED_STATUSES.includes(current.status)) {
      await markCancelAtPeriodEnd(deps.db, row.id, stamp);
      return { ok: true, cancelAtPeriodEnd: true };
    }
    throw new AppError('conflict', messages.subscriptionCancelRefused);
  }
  return { ok: true, cancelAtPeriodEnd: true };
}
