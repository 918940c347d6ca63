import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { deleteRedemptionsOf } from '../coupons/index.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { recordOrderEvent } from './order-events.js';
import { refundUnfulfillable } from './refund-unfulfillable.js';
import {
  expireUnpaidOrder,
  findOrdersToReconcile,
  findOrdersWithDueRefunds,
  findUncheckedVerifiedPayments,
} from './repo.js';

export const RECONCILE_AFTER_MINUTES = 15;
const LATE_PAYMENT_HOURS = 24;

export interface ReconcileReport {
  checked: number;
  fulfilled: number;
  expired: number;
  unreachable: number;
  /** Orders the gateway refused to look up (an order id it does not know, e.g. after a change of keys). */
  rejected: number;
  /** Unfulfillable payments given back now (their first attempt had found the gateway down). */
  refunded: number;
  /** Orders paid here on the buyer's word whose payment the gateway does not show as captured. */
  flagged: number;
}

/**
 * Finishes what a lost browser call or webhook left open: every order still awaiting payment after
 * 15 minutes is looked up at the gateway; a captured payment fulfils it, no payment expires it. It also
 * retries refunds still due, and compares the other way: an order paid here on the strength of the
 * browser's verify call whose payment the gateway does not report captured is flagged in its history.
 */
export async function reconcilePayments(
  deps: AppDeps,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<ReconcileReport> {
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000).toISOString();
  // A superseded or expired order stays payable at the gateway (an old tab); its late payment is looked
  // for during a day, then fulfilled or refunded like any other (fulfil-order.ts).
  const dayAgo = new Date(now.getTime() - LATE_PAYMENT_HOURS * 3_600_000).toISOString();
  const pending = await findOrdersToReconcile(deps.db, cutoff, dayAgo);
  const report: ReconcileReport = {
    checked: pending.length,
    fulfilled: 0,
    expired: 0,
    unreachable: 0,
    rejected: 0,
    refunded: 0,
    flagged: 0,
  };
  for (const order of pending) {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: every order that is not free has a gateway order id (create-order.ts); this narrows the type
    if (!order.gateway_order_id) continue;
    const payments = await paymentsAtGateway(deps, log, order.id, order.gateway_order_id, report);
    if (!payments) continue;
    const captured = payments.find((payment) => payment.status === 'captured' && payment.amount === order.total_paise);
    if (captured) {
      const result = await fulfilOrder(
        fulfilContext(deps),
        order.id,
        // Its origin as just fetched: an export claim is checked without asking the gateway again.
        { gatewayPaymentId: captured.id, amountPaise: captured.amount, international: captured.international },
        'reconcile',
        now,
      );
      if (result.granted) report.fulfilled += 1;
      continue;
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral: for an expired order the update below changes no row (its own status condition) and nothing follows
    if (order.status === 'expired') continue;
    const stamp = now.toISOString();
    const expired = await deps.db.transaction().execute(async (trx) => {
      if (!(await expireUnpaidOrder(trx, order.id, stamp))) return false;
      await deleteRedemptionsOf(trx, order.id);
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
  report.refunded = await retryDueRefunds(deps);
  report.flagged = await checkVerifiedPayments(deps, log, cutoff, now, report);
  if (report.checked + report.refunded + report.flagged > 0) log.info(report, 'payment reconciliation pass');
  return report;
}

/**
 * The order's payments at the gateway, or undefined when it cannot say: unreachable (try again next
 * pass) or refusing this one order. A refusal is logged and skipped, so one order the gateway does not
 * know cannot stop every pass before the orders queued behind it.
 */
async function paymentsAtGateway(
  deps: AppDeps,
  log: FastifyBaseLogger,
  orderId: string,
  gatewayOrderId: string,
  report: ReconcileReport,
) {
  try {
    return await deps.gateway.fetchOrderPayments(gatewayOrderId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) report.unreachable += 1;
    else if (error instanceof GatewayRejectedError) {
      report.rejected += 1;
      log.warn({ orderId, gatewayOrderId, err: error }, 'gateway refused an order lookup');
    } else throw error;
    return undefined;
  }
}

async function retryDueRefunds(deps: AppDeps): Promise<number> {
  const due = await findOrdersWithDueRefunds(deps.db);
  let refunded = 0;
  for (const row of due) if (await refundUnfulfillable(fulfilContext(deps), row.order_id, 'reconcile')) refunded += 1;
  return refunded;
}

/**
 * Each order paid through the browser's verify call is checked once at the gateway, 15 minutes on: a
 * captured payment is noted as confirmed; any other state (failed, only authorized, unknown) is flagged
 * for the operator, never silently kept.
 */
async function checkVerifiedPayments(
  deps: AppDeps,
  log: FastifyBaseLogger,
  cutoff: string,
  now: Date,
  report: ReconcileReport,
): Promise<number> {
  const unchecked = await findUncheckedVerifiedPayments(deps.db, cutoff);
  let flagged = 0;
  for (const order of unchecked) {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: an order paid through verify went to the gateway, so it has a gateway order id; this narrows the type
    if (!order.gateway_order_id) continue;
    const payments = await paymentsAtGateway(deps, log, order.id, order.gateway_order_id, report);
    if (!payments) continue;
    const atGateway = payments.find((payment) => payment.id === order.gateway_payment_id);
    const captured = atGateway?.status === 'captured' && atGateway.amount === order.amount_paise;
    const note = captured
      ? `payment ${order.gateway_payment_id} confirmed captured at the gateway`
      : `FLAGGED: payment ${order.gateway_payment_id} is ${atGateway ? `${atGateway.status} (${atGateway.amount} paise)` : 'unknown'} at the gateway, not captured; check it before trusting this order`;
    if (!captured) {
      flagged += 1;
      log.error(
        { orderId: order.id, payment: order.gateway_payment_id, atGateway },
        'paid order not captured at the gateway',
      );
    }
    await recordOrderEvent(deps.db, order.id, 'paid', 'paid', 'reconcile', note, now);
  }
  return flagged;
}
