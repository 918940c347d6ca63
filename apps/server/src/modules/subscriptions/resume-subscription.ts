import { messages, type SubscribeResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findLiveTakeOver } from './replacements-repo.js';
import { ENDED_STATUSES, findOwnSubscription, type SubscriptionRow } from './repo.js';
import { asAppError, startReplacement } from './start-replacement.js';
import { syncFromGateway } from './sync-from-gateway.js';

/**
 * The learner's own subscription that a resume or a change of method may act on: not anyone else's, not a
 * replacement still being set up (neither is listed to the learner: 404), not instalments (409), not one
 * a replacement has taken over from already (409).
 */
export async function replaceableSubscription(deps: AppDeps, user: SessionUser, id: string): Promise<SubscriptionRow> {
  const row = await findOwnSubscription(deps.db, id, user.id);
  if (!row?.gateway_subscription_id || (row.replaces_id !== null && row.took_over_at === null))
    throw new AppError('not_found', messages.subscriptionNotFound);
  if (row.total_count !== null) throw new AppError('conflict', messages.subscriptionReplaceInstalments);
  if (await findLiveTakeOver(deps.db, row.id)) throw new AppError('conflict', messages.subscriptionAlreadyReplaced);
  return row;
}

/**
 * Resume before the end (`POST /api/my/subscriptions/:id/resume`). Razorpay never reactivates a
 * subscription cancelled at cycle end, so resuming is a new subscription to the same gateway plan whose
 * first charge is when the paid period ends (`start_at` = the old one's `current_end`): the learner
 * authorises it in the checkout (Razorpay's refunded authorisation payment, as for a trial), the web calls
 * the ordinary verify, and then it takes over the learner's live slot. Only while the old one is
 * cancelled at period end and that period has not ended, by the clock and at the gateway (409 after).
 */
export async function resumeSubscription(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<SubscribeResponse> {
  const row = await replaceableSubscription(deps, user, id);
  if (row.cancel_at_period_end !== 1) {
    if (ENDED_STATUSES.includes(row.status)) throw new AppError('conflict', messages.subscriptionResumeTooLate);
    throw new AppError('conflict', messages.subscriptionNotCancelled);
  }
  const ended = (end: string | number | null) =>
    end === null || (typeof end === 'number' ? end * 1000 : Date.parse(end)) <= now.getTime();
  if (ENDED_STATUSES.includes(row.status) || ended(row.current_period_end))
    throw new AppError('conflict', messages.subscriptionResumeTooLate);
  try {
    const current = await syncFromGateway(deps, row, now);
    if (!current || ENDED_STATUSES.includes(current.status) || ended(current.currentEnd))
      throw new AppError('conflict', messages.subscriptionResumeTooLate);
    return await startReplacement(deps, user, row, current, 'resume', current.currentEnd ?? undefined, now);
  } catch (error) {
    throw asAppError(error);
  }
}
