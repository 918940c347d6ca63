import { messages, type SubscribeResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { replaceableSubscription } from './resume-subscription.js';
import { asAppError, startReplacement } from './start-replacement.js';
import { syncFromGateway } from './sync-from-gateway.js';

/**
 * A new payment method (`POST /api/my/subscriptions/:id/change-method`): Razorpay ties the mandate to the
 * subscription, so a new one is made to the same gateway plan and authorised in the checkout; after the
 * ordinary verify it takes over and the old one is cancelled at the gateway (take-over-replaced.ts).
 * - Paying (active, or authorised in a trial): the new one's first charge is the old one's next charge
 *   (`start_at`), and the old one is cancelled at its cycle end: no double charge for the current period.
 * - Pending or halted (a failed charge): the new one is charged at its authorisation and the old one is
 *   cancelled at once, so the courses open again with that charge.
 * A membership cancelled at period end is resumed instead (409), as is anything ended or paused.
 */
export async function changePaymentMethod(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<SubscribeResponse> {
  const row = await replaceableSubscription(deps, user, id);
  if (row.cancel_at_period_end === 1) throw new AppError('conflict', messages.subscriptionChangeMethodCancelled);
  try {
    const current = await syncFromGateway(deps, row, now);
    if (!current) throw new AppError('not_found', messages.subscriptionNotFound);
    let startAt: number | undefined;
    if (current.status === 'active' || current.status === 'authenticated') {
      // Nothing more to charge, or a charge falling due right now: nothing to move to a new method.
      if (current.chargeAt === null) throw new AppError('conflict', messages.subscriptionCannotChangeMethod);
      if (current.chargeAt * 1000 <= now.getTime())
        throw new AppError('conflict', messages.subscriptionReplacementBusy);
      startAt = current.chargeAt;
    } else if (current.status !== 'pending' && current.status !== 'halted') {
      throw new AppError('conflict', messages.subscriptionCannotChangeMethod);
    }
    return await startReplacement(deps, user, row, current, 'method', startAt, now);
  } catch (error) {
    throw asAppError(error);
  }
}
