import type { Db } from '../../db/database.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { explainUnfulfillable, findUnfulfillable } from './find-unfulfillable.js';
import type { FulfilContext } from './fulfil-order.js';
import type { OrderEventSource } from './order-events.js';
import { findDueRefund, findOrderCoupon } from './repo.js';
import { refundIdempotencyKey, revokeRefundedOrder } from './revoke-order.js';

export async function refundDue(db: Db, orderId: string): Promise<boolean> {
  return (await findDueRefund(db, orderId)) !== undefined;
}

/**
 * Gives back, through the gateway, a payment that arrived for an order that could not be fulfilled,
 * then records the refund, tells the buyer by e-mail and writes it in the order's history. The gateway
 * call carries the order's refund key, so repeats (a replayed verify, a webhook, reconciliation, the
 * operator's own refund button) refund once. A gateway that is down or refuses leaves the refund due:
 * reconciliation tries again. Resolves to true when the order is refunded now.
 */
export async function refundUnfulfillable(
  ctx: FulfilContext,
  orderId: string,
  source: OrderEventSource,
  now = new Date(),
): Promise<boolean> {
  const due = await findDueRefund(ctx.db, orderId);
  // Stryker disable next-line BooleanLiteral: with no refund due the answer is unused (fulfil-order ignores it; reconciliation only retries due refunds)
  if (!due) return false;
  let refund: Awaited<ReturnType<FulfilContext['gateway']['refundPayment']>>;
  try {
    refund = await ctx.gateway.refundPayment(due.gateway_payment_id, due.amount_paise, refundIdempotencyKey(orderId));
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: every answer of either gateway ends as one of these two errors; only our own database failing under the sandbox could throw another
    if (error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError) return false;
    throw error;
  }
  const order = await findOrderCoupon(ctx.db, orderId);
  // Why it could not be fulfilled, as it stands now: on a retry, the reason may have gone meanwhile.
  const reason = await findUnfulfillable(ctx.db, order);
  const result = await revokeRefundedOrder(
    ctx,
    orderId,
    { gatewayPaymentId: due.gateway_payment_id, gatewayRefundId: refund.id, amountPaise: refund.amount },
    source,
    now,
    undefined,
    explainUnfulfillable(reason),
  );
  return result.revoked;
}
