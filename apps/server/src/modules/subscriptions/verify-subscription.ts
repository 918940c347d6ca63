import { messages, type VerifySubscriptionResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { followReplacements } from './follow-replacements.js';
import { notifyMembers } from './notify-members.js';
import { recordGatewayCharges } from './record-gateway-charges.js';
import { findByGatewayId } from './repo.js';
import { syncFromGateway } from './sync-from-gateway.js';

/**
 * The learner's browser reports the checkout's authorisation. Razorpay's subscription signature (HMAC of
 * `payment_id|subscription_id` with the key secret) must hold for the learner's own subscription; then
 * the subscription's state is read from the gateway (the browser's word says nothing about it) and
 * stored. A bad signature changes nothing. The captured charges are then read from the gateway too (the
 * checkout's payment may be a trial's refunded authorisation, not a charge) and each recorded once with
 * its tax invoice, so the first charge never waits for, nor doubles with, the `subscription.charged` webhook.
 */
export async function verifySubscription(
  deps: AppDeps,
  user: SessionUser,
  input: Record<string, unknown>,
): Promise<VerifySubscriptionResponse> {
  const confirmation = deps.gateway.readSubscriptionConfirmation(input);
  // Stryker disable next-line ConditionalExpression,StringLiteral: the route's schema (verifySubscriptionBody) lets only the three strings through, and from them both gateways always read a confirmation
  if (!confirmation) throw new AppError('bad_request', messages.subscriptionVerificationFailed);
  const row = await findByGatewayId(deps.db, confirmation.gatewaySubscriptionId);
  if (!row || row.user_id !== user.id) throw new AppError('not_found', messages.subscriptionNotFound);
  const valid = deps.gateway.verifySubscriptionSignature(
    confirmation.gatewaySubscriptionId,
    confirmation.paymentId,
    confirmation.signature,
  );
  if (!valid) throw new AppError('bad_request', messages.subscriptionVerificationFailed);
  try {
    const subscription = await syncFromGateway(deps, row);
    // The first charge with its invoice, as the gateway lists it (a trial's authorisation is on no invoice).
    // Stryker disable next-line ConditionalExpression: the row was found by its gateway subscription id, so syncFromGateway reads the subscription (or throws): `true` cannot differ (the `false` half is killed by the verify tests, but both go by this one name)
    if (subscription) await recordGatewayCharges(deps, row, subscription);
    // A resume or a new payment method takes over from the subscription it replaces (decision 0037 addendum).
    // Stryker disable next-line ConditionalExpression: the row was found by its gateway subscription id, so syncFromGateway reads the subscription (or throws): `true` cannot differ (the `false` half is killed by the verify tests, but both go by this one name)
    if (subscription) await followReplacements(deps, row, subscription);
    // The welcome and the first charge's receipt at once, not only when (or if) the webhooks come: once each.
    // Stryker disable next-line ConditionalExpression: the row was found by its gateway subscription id, so syncFromGateway reads the subscription (or throws): `true` cannot differ (the `false` half is killed by the verify tests, but both go by this one name)
    if (subscription) await notifyMembers(deps, confirmation.gatewaySubscriptionId);
  } catch (error) {
    // Down, or refusing to read it: the authorisation may well stand, so not "nothing was charged". The
    // webhooks and reconciliation bring the state in; a later verify does too, once.
    if (error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError)
      throw new AppError('unavailable', messages.subscriptionNotConfirmedYet);
    throw error;
  }
  return { ok: true, success: true };
}
