import type { Db, DbKind } from '../../db/database.js';
import { newId } from '../../ids.js';
import { lockRow } from './lock-row.js';
import { type OrderEventSource, recordOrderEvent } from './order-events.js';

export interface RefundRecord {
  gatewayPaymentId: string;
  gatewayRefundId: string | null;
  amountPaise: number;
}

/**
 * A full refund: the order becomes refunded and the access it granted is revoked, once, in one
 * transaction, whether the operator's refund, Razorpay's refund webhook or both arrive.
 */
export async function revokeRefundedOrder(
  ctx: { db: Db; dbKind: DbKind },
  orderId: string,
  refund: RefundRecord,
  source: OrderEventSource,
  now = new Date(),
  /** Runs inside the same transaction when this call revoked the order (the operator's audit row). */
  onRevoked?: (trx: Db) => Promise<void>,
): Promise<{ revoked: boolean }> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, ctx.dbKind, 'orders', orderId);
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'status', 'user_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const stamp = now.toISOString();
    const existing = refund.gatewayRefundId
      ? await trx
          .selectFrom('refunds')
          .select('id')
          .where('gateway_refund_id', '=', refund.gatewayRefundId)
          .executeTakeFirst()
      : undefined;
    if (!existing) {
      await trx
        .insertInto('refunds')
        .values({
          id: newId(),
          order_id: order.id,
          gateway_payment_id: refund.gatewayPaymentId,
          gateway_refund_id: refund.gatewayRefundId,
          amount_paise: refund.amountPaise,
          status: 'processed',
          created_at: stamp,
        })
        .execute();
    }
    if (order.status !== 'paid') return { revoked: false };
    await trx
      .updateTable('orders')
      .set({ status: 'refunded', refunded_at: stamp, updated_at: stamp })
      .where('id', '=', order.id)
      .execute();
    await trx
      .updateTable('enrolments')
      .set({ revoked_at: stamp })
      .where('order_id', '=', order.id)
      .where('user_id', '=', order.user_id)
      .where('revoked_at', 'is', null)
      .execute();
    await recordOrderEvent(
      trx,
      order.id,
      'paid',
      'refunded',
      source,
      `refund ${refund.gatewayRefundId ?? ''}`.trim(),
      now,
    );
    await onRevoked?.(trx);
    return { revoked: true };
  });
}
