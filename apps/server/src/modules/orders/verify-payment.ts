import { messages, type VerifyPaymentResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';

interface VerifyInput {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

const ownOrder = preparedQuery<{ gatewayOrderId: string; userId: string }>()((db, value) =>
  db
    .selectFrom('orders')
    .select(['id', 'gateway_order_id', 'total_paise', 'status'])
    .where('gateway_order_id', '=', value('gatewayOrderId'))
    .where('user_id', '=', value('userId')),
);

/** The caller's own order with this gateway order id (nobody reaches another user's order). */
export function findOwnOrder(db: Db, gatewayOrderId: string, userId: string) {
  return ownOrder.first(db, { gatewayOrderId, userId });
}

/**
 * The buyer's browser reports a payment. The signature must be Razorpay's HMAC of the gateway order id
 * WE stored for the caller's own order and the payment id; only then is the order fulfilled. A replay
 * answers success without granting anything again.
 */
export async function verifyPayment(
  deps: AppDeps,
  user: SessionUser,
  input: VerifyInput,
): Promise<VerifyPaymentResponse> {
  const order = await findOwnOrder(deps.db, input.razorpay_order_id, user.id);
  if (!order?.gateway_order_id) throw new AppError('not_found', messages.orderNotFound);
  if (
    !deps.gateway.verifyPaymentSignature(order.gateway_order_id, input.razorpay_payment_id, input.razorpay_signature)
  ) {
    throw new AppError('bad_request', messages.paymentVerificationFailed);
  }
  const result = await fulfilOrder(
    fulfilContext(deps),
    order.id,
    { gatewayPaymentId: input.razorpay_payment_id, amountPaise: order.total_paise },
    'verify',
  );
  // The payment itself went through; the buyer learns here (and by e-mail) that it is being given back.
  const message = result.refunded ? messages.paymentRefundedUnfulfillable : messages.paymentSuccess;
  return { ok: true, success: true, message, orderId: order.id };
}
