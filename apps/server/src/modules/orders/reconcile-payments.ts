import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { GatewayUnavailableError } from '../../payments/gateway.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { recordOrderEvent } from './order-events.js';

export const RECONCILE_AFTER_MINUTES = 15;

export interface ReconcileReport {
  checked: number;
  fulfilled: number;
  expired: number;
  unreachable: number;
}

/**
 * Finishes what a lost browser call or webhook left open: every order still awaiting payment after
 * 15 minutes is looked up at the gateway; a captured payment fulfils it, no payment expires it.
 */
export async function reconcilePayments(
  deps: AppDeps,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<ReconcileReport> {
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000).toISOString();
  const pending = await deps.db
    .selectFrom('orders')
    .select(['id', 'status', 'gateway_order_id', 'total_paise'])
    .where('status', 'in', ['created', 'attempted'])
    .where('gateway', '!=', 'free')
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .limit(500)
    .execute();
  const report: ReconcileReport = { checked: pending.length, fulfilled: 0, expired: 0, unreachable: 0 };
  for (const order of pending) {
    if (!order.gateway_order_id) continue;
    let payments: Awaited<ReturnType<AppDeps['gateway']['fetchOrderPayments']>>;
    try {
      payments = await deps.gateway.fetchOrderPayments(order.gateway_order_id);
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      report.unreachable += 1;
      continue;
    }
    const captured = payments.find((payment) => payment.status === 'captured' && payment.amount === order.total_paise);
    if (captured) {
      const result = await fulfilOrder(
        fulfilContext(deps),
        order.id,
        { gatewayPaymentId: captured.id, amountPaise: captured.amount },
        'reconcile',
        now,
      );
      if (result.granted) report.fulfilled += 1;
      continue;
    }
    const stamp = now.toISOString();
    const expired = await deps.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('orders')
        .set({ status: 'expired', updated_at: stamp })
        .where('id', '=', order.id)
        .where('status', 'in', ['created', 'attempted'])
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('coupon_redemptions').where('order_id', '=', order.id).execute();
      await recordOrderEvent(
        trx,
        order.id,
        order.status,
        'expired',
        'reconcile',
        'no captured payment at the gateway',
        now,
      );
      return true;
    });
    if (expired) report.expired += 1;
  }
  if (report.checked > 0) log.info(report, 'payment reconciliation pass');
  return report;
}
