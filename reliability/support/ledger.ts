import type { Db } from '../../apps/server/src/db/database';
import { auditTaxDocuments } from './tax-documents-ledger';

export interface LedgerReport {
  orders: number;
  paidOrders: number;
  gatewayPaidOrders: number;
  /** Orders refunded (by the operator, a refund webhook, or automatically as unfulfillable). */
  refundedOrders: number;
  enrolments: number;
  /** Tax invoices and credit notes issued (issue 16). */
  invoices: number;
  creditNotes: number;
  problems: string[];
}

function countBy<T>(rows: T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/**
 * The books after a run, read from the database: every paid order enrols its buyer in exactly its
 * courses, carries one captured payment and (with a coupon) one redemption; no gateway order took two
 * captured payments; and every order the gateway reports paid is paid and enrolled in our books.
 * Money rules of issue 12: no learner pays for a course twice without a refund (two paid, unrefunded
 * orders of one learner never share a course), no coupon has more paid, unrefunded uses than its total
 * or per-learner limit, and no refund the shop owes is left undone.
 */
export async function auditLedger(db: Db): Promise<LedgerReport> {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'status', 'user_id', 'coupon_id', 'gateway_order_id'])
    .execute();
  const refunds = await db.selectFrom('refunds').select(['order_id', 'status']).execute();
  const coupons = await db.selectFrom('coupons').select(['id', 'code', 'max_uses', 'max_uses_per_user']).execute();
  const lines = await db.selectFrom('order_lines').select(['order_id', 'course_id']).execute();
  const enrolments = await db
    .selectFrom('enrolments')
    .select(['order_id', 'course_id', 'user_id'])
    .where('revoked_at', 'is', null)
    .execute();
  const payments = await db.selectFrom('payments').select(['order_id']).where('status', '=', 'captured').execute();
  const redemptions = await db.selectFrom('coupon_redemptions').select(['order_id']).execute();
  // A membership's charges are on gateway orders of its own (receipt: the subscription): audited apart.
  const gatewayPayments = await db
    .selectFrom('sandbox_payments')
    .innerJoin('sandbox_orders', 'sandbox_orders.id', 'sandbox_payments.order_id')
    .select(['sandbox_payments.order_id'])
    .where('sandbox_payments.status', '=', 'captured')
    .where('sandbox_orders.receipt', 'not in', db.selectFrom('sandbox_subscriptions').select('id'))
    .execute();

  const problems: string[] = [];
  const linesOf = new Map<string, string[]>();
  for (const line of lines) linesOf.set(line.order_id, [...(linesOf.get(line.order_id) ?? []), line.course_id]);
  const enrolledBy = new Map<string, string[]>();
  for (const row of enrolments) {
    if (row.order_id) enrolledBy.set(row.order_id, [...(enrolledBy.get(row.order_id) ?? []), row.course_id]);
  }
  const paymentsPer = countBy(payments, (row) => row.order_id);
  const redemptionsPer = countBy(redemptions, (row) => row.order_id ?? '');
  const capturesPer = countBy(gatewayPayments, (row) => row.order_id);
  const byGatewayId = new Map(orders.map((order) => [order.gateway_order_id ?? '', order]));

  let paidOrders = 0;
  for (const order of orders) {
    const paid = order.status === 'paid';
    if (paid) paidOrders += 1;
    const expected = [...(linesOf.get(order.id) ?? [])].sort().join(',');
    const got = [...(enrolledBy.get(order.id) ?? [])].sort().join(',');
    if (paid && expected !== got) problems.push(`paid order ${order.id} enrols [${got}] instead of [${expected}]`);
    if (!paid && got) problems.push(`${order.status} order ${order.id} enrolled [${got}]`);
    const charged = paymentsPer.get(order.id) ?? 0;
    if (charged > 1) problems.push(`order ${order.id} has ${charged} captured payments`);
    if (paid && charged !== 1) problems.push(`paid order ${order.id} has ${charged} captured payments`);
    const redeemed = redemptionsPer.get(order.id) ?? 0;
    if (redeemed > 1) problems.push(`order ${order.id} redeemed its coupon ${redeemed} times`);
    if (paid && order.coupon_id && redeemed !== 1)
      problems.push(`paid coupon order ${order.id} has ${redeemed} redemptions`);
    if (!order.coupon_id && redeemed > 0) problems.push(`order ${order.id} without a coupon has a redemption`);
  }
  for (const [gatewayOrderId, captures] of capturesPer) {
    if (captures > 1) problems.push(`gateway order ${gatewayOrderId} was charged ${captures} times`);
    const order = byGatewayId.get(gatewayOrderId);
    if (!order) problems.push(`gateway order ${gatewayOrderId} was paid but no order of ours names it`);
    else if (order.status !== 'paid')
      problems.push(`gateway order ${gatewayOrderId} was paid but our order ${order.id} is ${order.status}`);
  }
  problems.push(...moneyProblems(orders, lines, refunds, coupons));
  const taxDocuments = await auditTaxDocuments(db);
  problems.push(...taxDocuments.problems);
  return {
    orders: orders.length,
    paidOrders,
    gatewayPaidOrders: capturesPer.size,
    refundedOrders: orders.filter((order) => order.status === 'refunded').length,
    enrolments: enrolments.length,
    invoices: taxDocuments.invoices,
    creditNotes: taxDocuments.creditNotes,
    problems,
  };
}

interface LedgerOrder {
  id: string;
  status: string;
  user_id: string;
  coupon_id: string | null;
}

function moneyProblems(
  orders: LedgerOrder[],
  lines: { order_id: string; course_id: string }[],
  refunds: { order_id: string; status: string }[],
  coupons: { id: string; code: string; max_uses: number | null; max_uses_per_user: number | null }[],
): string[] {
  const problems: string[] = [];
  const refunded = new Set(refunds.map((refund) => refund.order_id));
  for (const refund of refunds) {
    if (refund.status !== 'processed') problems.push(`order ${refund.order_id} has a refund left ${refund.status}`);
  }
  // Paid and never refunded: money the shop keeps.
  const kept = new Map(
    orders.filter((order) => order.status === 'paid' && !refunded.has(order.id)).map((order) => [order.id, order]),
  );
  const payers = new Map<string, string[]>();
  for (const line of lines) {
    const order = kept.get(line.order_id);
    if (!order) continue;
    const key = `${order.user_id} ${line.course_id}`;
    payers.set(key, [...(payers.get(key) ?? []), order.id]);
  }
  for (const [key, paidBy] of payers) {
    if (paidBy.length > 1)
      problems.push(`learner and course ${key} paid ${paidBy.length} times: orders ${paidBy.join(', ')}`);
  }
  for (const coupon of coupons) {
    const uses = [...kept.values()].filter((order) => order.coupon_id === coupon.id);
    if (coupon.max_uses !== null && uses.length > coupon.max_uses)
      problems.push(`coupon ${coupon.code} has ${uses.length} paid uses, limit ${coupon.max_uses}`);
    if (coupon.max_uses_per_user === null) continue;
    const perLearner = countBy(uses, (order) => order.user_id);
    for (const [userId, count] of perLearner) {
      if (count > coupon.max_uses_per_user)
        problems.push(`coupon ${coupon.code} used ${count} times by ${userId}, limit ${coupon.max_uses_per_user}`);
    }
  }
  return problems;
}
