import type { AdminOrderDetail } from '@shop/shared';
import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { fulfilContext } from '../orders/fulfil-context.js';
import { refundIdempotencyKey, revokeRefundedOrder } from '../orders/revoke-order.js';
import { getOrder } from './get-order.js';
import { writeAudit } from './write-audit.js';

/**
 * A full refund through the gateway, then the same revocation the refund webhook performs: whichever
 * arrives first revokes access, the other finds the order refunded already. The idempotency key is
 * per order (shared with the automatic refund of an unfulfillable payment), so a double click, a retry
 * after a timeout or both paths together never refund twice. The buyer is e-mailed (revoke-order.ts).
 */
export async function refundOrder(
  deps: AppDeps,
  actor: SessionUser,
  orderId: string,
  now = new Date(),
): Promise<AdminOrderDetail> {
  const before = await getOrder(deps.db, orderId);
  if (before.status !== 'paid') throw new AppError('conflict', messages.adminRefundNotPaid);
  const payment = before.payments.find((p) => p.status === 'captured');
  if (!payment || before.totalPaise === 0) throw new AppError('conflict', messages.adminRefundNoPayment);

  let refund: Awaited<ReturnType<AppDeps['gateway']['refundPayment']>>;
  try {
    refund = await deps.gateway.refundPayment(
      payment.gatewayPaymentId,
      payment.amountPaise,
      refundIdempotencyKey(orderId),
    );
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.adminRefundGatewayDown);
    if (error instanceof GatewayRejectedError)
      throw new AppError('conflict', `${messages.adminRefundRejected}: ${error.message}`);
    throw error;
  }
  await revokeRefundedOrder(
    fulfilContext(deps),
    orderId,
    { gatewayPaymentId: payment.gatewayPaymentId, gatewayRefundId: refund.id, amountPaise: refund.amount },
    'admin',
    now,
    (trx) =>
      writeAudit(
        trx,
        actor,
        {
          action: 'order.refund',
          entity: 'order',
          entityId: orderId,
          before: { status: before.status },
          after: { status: 'refunded', gatewayRefundId: refund.id, amountPaise: refund.amount },
        },
        now,
      ),
  );
  return getOrder(deps.db, orderId);
}
