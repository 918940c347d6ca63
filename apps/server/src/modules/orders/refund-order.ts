import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { fulfilContext } from './fulfil-context.js';
import { refundIdempotencyKey, revokeRefundedOrder } from './revoke-order.js';

/** What a refund needs to know of the order, as the console has just read it. */
export interface RefundableOrder {
  id: string;
  status: string;
  totalPaise: number;
  payments: { gatewayPaymentId: string; amountPaise: number; status: string }[];
}

/** The refund the gateway made, for the caller's record (the console's audit row). */
export interface MadeRefund {
  id: string;
  amount: number;
}

/**
 * A full refund through the gateway, then the same revocation the refund webhook performs: whichever
 * arrives first revokes access, the other finds the order refunded already. The idempotency key is
 * per order (shared with the automatic refund of an unfulfillable payment), so a double click, a retry
 * after a timeout or both paths together never refund twice. The buyer is e-mailed (revoke-order.ts).
 * `record` runs inside the revocation's transaction (the console writes its audit row there); a refund
 * that another call (or the refund webhook) completed first answers 409, so concurrent clicks get one 200.
 */
export async function refundOrder(
  deps: AppDeps,
  before: RefundableOrder,
  record: (trx: Db, refund: MadeRefund) => Promise<void>,
  now = new Date(),
): Promise<void> {
  const orderId = before.id;
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
  const { revoked } = await revokeRefundedOrder(
    fulfilContext(deps),
    orderId,
    { gatewayPaymentId: payment.gatewayPaymentId, gatewayRefundId: refund.id, amountPaise: refund.amount },
    'admin',
    now,
    (trx) => record(trx, refund),
  );
  // Concurrent clicks all read the order as paid and get the same refund back from the gateway (one key per
  // order); only the one whose revocation found it still paid did the refund. The others answer as a click
  // after it would, the same on SQLite and PostgreSQL.
  if (!revoked) throw new AppError('conflict', messages.adminRefundNotPaid);
}
