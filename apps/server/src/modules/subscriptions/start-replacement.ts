import { messages, type SubscribeResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import {
  GatewayRejectedError,
  type GatewaySubscription,
  GatewayUnavailableError,
  openEndedTotalCount,
} from '../../payments/gateway.js';
import { gatewayPeriodOf } from './gateway-plan-for.js';
import { findPendingReplacement, insertReplacement } from './replacements-repo.js';
import {
  applyState,
  deleteUnmadeSubscription,
  ENDED_STATUSES,
  expireUnmade,
  type SubscriptionRow,
  setGatewaySubscriptionId,
} from './repo.js';
import { stateOf, syncFromGateway } from './sync-from-gateway.js';
import { completeReplacement } from './take-over-replaced.js';

/** A replacement row the gateway never made (its request died half-way) holds the old one's slot this long. */
const UNMADE_AFTER_MINUTES = 5;

/** Gateway failures as the learner's answers: 503 when it cannot be reached, 400 when it refuses. */
export function asAppError(error: unknown): unknown {
  if (error instanceof GatewayUnavailableError) return new AppError('unavailable', messages.gatewayUnavailable);
  if (error instanceof GatewayRejectedError)
    return new AppError('bad_request', `${messages.orderCreateFailed}: ${error.message}`);
  return error;
}

/**
 * Makes (or hands out again) the gateway subscription that is to replace `old`: the same gateway plan, so
 * the same price (a later price change is for new subscribers), its first charge at `startAt` (Unix
 * seconds; undefined: at the authorisation). The learner authorises it in the checkout and the web calls
 * the ordinary verify, after which it takes over (take-over-replaced.ts). One is set up at a time per old
 * subscription: two tabs get the same one (or, asking at the very same moment, one of them a 409); one
 * whose authorisation came in meanwhile takes over now and the caller is told so (409); one made for
 * another start or reason (the old one renewed, or was resumed rather than moved) is cancelled at the
 * gateway and a new one made.
 */
export async function startReplacement(
  deps: AppDeps,
  user: SessionUser,
  old: SubscriptionRow,
  gatewayOld: GatewaySubscription,
  reason: 'resume' | 'method',
  startAt: number | undefined,
  now: Date,
): Promise<SubscribeResponse> {
  const stamp = now.toISOString();
  const startsAt = startAt === undefined ? null : new Date(startAt * 1000).toISOString();
  const answer = (subscriptionId: string, gatewaySubscriptionId: string): SubscribeResponse => ({
    ok: true,
    subscriptionId,
    gatewaySubscriptionId,
    keyId: deps.gateway.keyId,
    checkoutUrl: deps.gateway.checkoutUrl,
  });

  const pending = await findPendingReplacement(deps.db, old.id);
  if (pending && !pending.gateway_subscription_id) {
    const unmadeBefore = new Date(now.getTime() - UNMADE_AFTER_MINUTES * 60_000).toISOString();
    if (pending.created_at >= unmadeBefore) throw new AppError('conflict', messages.subscriptionReplacementBusy);
    await expireUnmade(deps.db, pending.id, stamp);
  } else if (pending?.gateway_subscription_id) {
    const current = await syncFromGateway(deps, pending, now);
    // Expired (authorised too late: its `expire_by` passed) or cancelled: never authorised, and storing
    // that ended state freed its slot, so a new one is made below.
    const lapsed = current !== undefined && ENDED_STATUSES.includes(current.status);
    if (!lapsed) {
      if (current && current.status !== 'created') {
        // Authorised after all (its verify and webhook not in yet): it takes over now.
        await completeReplacement(deps, pending.id, now);
        throw new AppError('conflict', messages.subscriptionAlreadyReplaced);
      }
      if (pending.replace_reason === reason && pending.starts_at === startsAt)
        return answer(pending.id, pending.gateway_subscription_id);
      // Made for another start (or reason): no tab may authorise it any more.
      try {
        const cancelled = await deps.gateway.cancelSubscription(pending.gateway_subscription_id, { atCycleEnd: false });
        await applyState(deps.db, pending.id, stateOf(cancelled), stamp);
      } catch (error) {
        if (!(error instanceof GatewayRejectedError)) throw error;
        await syncFromGateway(deps, pending, now);
      }
    }
  }

  const id = newId();
  const made = await insertReplacement(deps.db, {
    id,
    user_id: user.id,
    plan_id: old.plan_id,
    gateway: old.gateway,
    amount_paise: old.amount_paise,
    period: old.period,
    created_at: stamp,
    starts_at: startsAt,
    replaces_id: old.id,
    replace_reason: reason,
  });
  if (!made) throw new AppError('conflict', messages.subscriptionReplacementBusy);
  try {
    const { period, interval } = gatewayPeriodOf(old.period);
    const subscription = await deps.gateway.createSubscription({
      gatewayPlanId: gatewayOld.planId,
      totalCount: openEndedTotalCount(period, interval),
      // Authorisable only until its first charge is due: a checkout left open past it (the old one has
      // renewed meanwhile, or ended) must not be charged at once for a period already paid.
      ...(startAt === undefined ? {} : { startAt, expireBy: startAt }),
      notes: { userId: user.id, subscriptionId: id, planId: old.plan_id, replaces: old.id },
      customerNotify: true,
    });
    await setGatewaySubscriptionId(deps.db, id, subscription.id, stamp);
    return answer(id, subscription.id);
  } catch (error) {
    await deleteUnmadeSubscription(deps.db, id);
    throw asAppError(error);
  }
}
