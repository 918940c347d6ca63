import type { Db, DbKind } from '../../db/database.js';
import { boundValues, preparedQuery } from '../../db/prepared.js';
import type { OrderBundlesTable, OrderLinesTable, OrderStatus, OrdersTable } from '../../db/schema.js';
import { newId } from '../../ids.js';

/**
 * The orders module's SQL: orders, their lines, payments, refunds, status history and webhook ids. The
 * rows a payment changes elsewhere are written by their owners (enrolments by learning, coupon uses by
 * coupons, the bought courses in the cart by cart), called through their faces. Use-case
 * files call these functions; none of them writes SQL. Statements on the purchase path are compiled once
 * (preparedQuery); the rarer ones are plain Kysely.
 */

/** Who changed the order; 'account' is the buyer's own account deletion (it closes the unpaid orders). */
export type OrderEventSource = 'checkout' | 'verify' | 'webhook' | 'reconcile' | 'admin' | 'free' | 'account';

/** An insert whose row gets a new id here: the caller passes the other values. */
function withNewId<Args extends { id: string }>(statement: { execute(db: Db, args: Args): Promise<unknown> }) {
  return async (db: Db, row: Omit<Args, 'id'>): Promise<void> => {
    await statement.execute(db, { id: newId(), ...row } as Args);
  };
}

/**
 * Takes the row lock that serialises concurrent changes to one order, coupon or buyer (a buyer's lock
 * orders the payments and refunds of their orders, which decide together what they own). PostgreSQL needs
 * `FOR UPDATE`; SQLite runs one write transaction at a time already and has no such clause.
 */
export async function lockRow(trx: Db, kind: DbKind, table: 'orders' | 'coupons' | 'users', id: string): Promise<void> {
  if (kind !== 'postgres') return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

// ---- Status history -------------------------------------------------------------------------------

const insertOrderEvent = preparedQuery<{
  id: string;
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  source: OrderEventSource;
  note: string;
  now: string;
}>()((db, value) =>
  db.insertInto('order_events').values({
    // Stryker disable next-line StringLiteral: SQLite lets a TEXT PRIMARY KEY be NULL and nothing reads an event's id; on PostgreSQL the insert fails
    id: value('id'),
    order_id: value('orderId'),
    from_status: value('from'),
    to_status: value('to'),
    source: value('source'),
    note: value('note'),
    created_at: value('now'),
  }),
);

export const insertOrderEventRow = withNewId(insertOrderEvent);

// ---- Checkout -------------------------------------------------------------------------------------

// Every checkout runs these; they are compiled once (see preparedQuery).
const reusableOrder = preparedQuery<{ userId: string; print: string; mode: OrdersTable['gateway']; since: string }>()(
  (db, value) =>
    db
      .selectFrom('orders')
      .select(['id', 'gateway_order_id'])
      .where('user_id', '=', value('userId'))
      .where('status', 'in', ['created', 'attempted'])
      .where('cart_fingerprint', '=', value('print'))
      .where('gateway', '=', value('mode'))
      .where('created_at', '>', value('since'))
      .orderBy('created_at', 'desc')
      .limit(1),
);
const openOrders = preparedQuery<{ userId: string }>()((db, value) =>
  db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('user_id', '=', value('userId'))
    .where('status', 'in', ['created', 'attempted']),
);

/** The buyer's unpaid order for the same cart, provider and fingerprint, opened since `since`. */
export function findReusableOrder(
  db: Db,
  args: { userId: string; print: string; mode: OrdersTable['gateway']; since: string },
) {
  return reusableOrder.first(db, args);
}

/** The buyer's orders still awaiting payment. */
export function findOpenOrders(db: Db, userId: string) {
  return openOrders.rows(db, { userId });
}

/** The tax invoice's billing details (issue 16), kept on the order until it is paid and invoiced. */
export interface BillingColumns {
  billing_name: string;
  billing_email: string;
  billing_state: string;
  billing_pin: string;
  billing_business: string;
  billing_gstin: string;
  billing_country: string;
  disclaimer_accepted_at: string | null;
  /** The tax basis of the charge (migration 027), refreshed with the billing details on a reused order. */
  prices_inclusive: number;
  tax_rate_bp: number;
  tax_mode: string;
  tax_paise: number;
}
export type NewOrder = Omit<OrdersTable, 'currency' | keyof BillingColumns> & BillingColumns;
const orderColumns: (keyof NewOrder)[] = [
  'id',
  'user_id',
  'status',
  'subtotal_paise',
  'discount_paise',
  'total_paise',
  'coupon_id',
  'coupon_code',
  'discount_percent',
  'gateway',
  'gateway_order_id',
  'cart_fingerprint',
  'billing_name',
  'billing_email',
  'billing_state',
  'billing_pin',
  'billing_business',
  'billing_gstin',
  'billing_country',
  'disclaimer_accepted_at',
  'prices_inclusive',
  'tax_rate_bp',
  'tax_mode',
  'tax_paise',
  'created_at',
  'updated_at',
  'paid_at',
  'refunded_at',
];
const insertOrderRow = preparedQuery<NewOrder>()((db, value) =>
  db.insertInto('orders').values(boundValues<NewOrder>(value, orderColumns)),
);
/** A course line; `bundle_id` names the bundle it was sold in (its share of the bundle's price), else null. */
/** An order line: `cohort_id` is the cohort the course is bought for (issue 35), null for a self-paced one. */
export type NewOrderLine = Omit<OrderLinesTable, 'bundle_id' | 'cohort_id'> & {
  bundle_id: string | null;
  cohort_id: string | null;
};
const insertOrderLineRow = preparedQuery<NewOrderLine>()((db, value) =>
  db
    .insertInto('order_lines')
    .values(
      boundValues<NewOrderLine>(value, [
        'id',
        'order_id',
        'course_id',
        'title',
        'unit_price_paise',
        'bundle_id',
        'cohort_id',
      ]),
    ),
);

export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await insertOrderRow.execute(db, order);
}

export async function insertOrderLine(db: Db, line: NewOrderLine): Promise<void> {
  await insertOrderLineRow.execute(db, line);
}

/** A bundle as sold in the order: the invoice's one line for it, at its price (issue 34). */
export async function insertOrderBundle(db: Db, row: OrderBundlesTable): Promise<void> {
  await db.insertInto('order_bundles').values(row).execute();
}

/**
 * The order's invoice lines: each course sold alone, then each bundle as one line at its price, in the
 * order the checkout charged them (create-order.ts), so the invoice's tax is the checkout's.
 */
export async function findInvoiceLines(db: Db, orderId: string) {
  const courses = await findOrderLines(db, orderId);
  const bundles = await db
    .selectFrom('order_bundles')
    .select(['title', 'price_paise', 'bundle_id'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return [
    ...courses.filter((line) => line.bundle_id === null),
    ...bundles.map((row) => ({ title: row.title, unit_price_paise: row.price_paise })),
  ];
}

/** The latest billing details on an order still awaiting payment. */
export async function updateBilling(db: Db, orderId: string, billing: BillingColumns): Promise<void> {
  await db
    .updateTable('orders')
    .set(billing)
    .where('id', '=', orderId)
    .where('status', 'in', ['created', 'attempted'])
    .execute();
}

export async function findCouponCode(db: Db, couponId: string): Promise<string | null> {
  const row = await db.selectFrom('coupons').select('code').where('id', '=', couponId).executeTakeFirst();
  return row?.code ?? null;
}

/** An order superseded by a newer checkout. */
export async function supersedeOrder(db: Db, orderId: string, stamp: string): Promise<void> {
  await db.updateTable('orders').set({ status: 'expired', updated_at: stamp }).where('id', '=', orderId).execute();
}

/** Expires an order only while it still awaits payment; true when it did. */
export async function expireUnpaidOrder(db: Db, orderId: string, stamp: string): Promise<boolean> {
  const changed = await db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', 'in', ['created', 'attempted'])
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) !== 0;
}

// ---- Finding orders -------------------------------------------------------------------------------

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

export function findOrderByGatewayOrderId(db: Db, gatewayOrderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'total_paise'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .executeTakeFirst();
}

const pendingGatewayOrders = preparedQuery<{ userId: string }>()((db, value) =>
  db
    .selectFrom('orders')
    .select(['id', 'gateway_order_id', 'total_paise'])
    .where('user_id', '=', value('userId'))
    .where('status', 'in', ['created', 'attempted'])
    // Only gateway orders have one (a free order never goes to the gateway).
    .where('gateway_order_id', 'is not', null),
);

/** The buyer's orders awaiting a payment at the gateway. */
export function findPendingGatewayOrders(db: Db, userId: string) {
  return pendingGatewayOrders.rows(db, { userId });
}

/**
 * Orders awaiting payment opened before `cutoff`, and expired ones opened since `dayAgo` (their late
 * payment is still looked for), oldest first, at most 500.
 */
export function findOrdersToReconcile(db: Db, cutoff: string, dayAgo: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'gateway_order_id', 'total_paise'])
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['created', 'attempted']),
        eb.and([eb('status', '=', 'expired'), eb('created_at', '>', dayAgo)]),
      ]),
    )
    .where('gateway', '!=', 'free')
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .limit(500)
    .execute();
}

/**
 * Orders paid through the browser's verify call before `cutoff` that reconciliation has not yet
 * confirmed at the gateway (no paid -> paid event of its own), oldest first, at most 500.
 */
export function findUncheckedVerifiedPayments(db: Db, cutoff: string) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['orders.id', 'orders.gateway_order_id', 'payments.gateway_payment_id', 'payments.amount_paise'])
    .where('orders.status', '=', 'paid')
    .where('payments.source', '=', 'verify')
    .where('payments.status', '=', 'captured')
    .where('orders.paid_at', '<=', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_events')
            .select('order_events.id')
            .whereRef('order_events.order_id', '=', 'orders.id')
            .where('order_events.source', '=', 'reconcile')
            .where('order_events.from_status', '=', 'paid')
            .where('order_events.to_status', '=', 'paid'),
        ),
      ),
    )
    .orderBy('orders.paid_at')
    .limit(500)
    .execute();
}

// ---- Webhooks -------------------------------------------------------------------------------------

/** Records a delivery's id; false when it was recorded already (a repeat). */
export async function recordWebhookEvent(
  db: Db,
  eventId: string,
  eventType: string,
  receivedAt: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_events')
    .values({ event_id: eventId, event_type: eventType, received_at: receivedAt })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0;
}

export async function forgetWebhookEvent(db: Db, eventId: string): Promise<void> {
  await db.deleteFrom('webhook_events').where('event_id', '=', eventId).execute();
}

/** A failed payment, recorded once per gateway payment id. */
export async function insertFailedPayment(
  db: Db,
  row: { orderId: string; gatewayPaymentId: string; amountPaise: number; source: OrderEventSource; now: string },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: row.gatewayPaymentId,
      order_id: row.orderId,
      gateway_payment_id: row.gatewayPaymentId,
      amount_paise: row.amountPaise,
      status: 'failed',
      source: row.source,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('gateway_payment_id').doNothing())
    .execute();
}

/** A new order whose payment failed becomes attempted; any other status stays. */
export async function markAttempted(db: Db, orderId: string, stamp: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'attempted', updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}

// ---- Fulfilment -----------------------------------------------------------------------------------

// Fulfilment runs for every purchase: its statements are compiled once (see preparedQuery).
const orderById = preparedQuery<{ orderId: string }>()((db, value) =>
  db.selectFrom('orders').selectAll().where('id', '=', value('orderId')),
);
const upsertPayment = preparedQuery<{
  id: string;
  orderId: string;
  gatewayPaymentId: string;
  amountPaise: number;
  source: OrderEventSource;
  /** 1 from abroad, 0 from India, null when the gateway was not asked (only export orders ask). */
  international: number | null;
  now: string;
}>()((db, value) =>
  db
    .insertInto('payments')
    .values({
      // Stryker disable next-line StringLiteral: SQLite lets a TEXT PRIMARY KEY be NULL and nothing reads this row's id; on PostgreSQL the insert fails
      id: value('id'),
      order_id: value('orderId'),
      gateway_payment_id: value('gatewayPaymentId'),
      amount_paise: value('amountPaise'),
      status: 'captured',
      source: value('source'),
      international: value('international'),
      created_at: value('now'),
      updated_at: value('now'),
    })
    .onConflict((oc) => oc.column('gateway_payment_id').doUpdateSet({ status: 'captured', updated_at: value('now') })),
);
const markPaidRow = preparedQuery<{ orderId: string; now: string }>()((db, value) =>
  db
    .updateTable('orders')
    .set({ status: 'paid', paid_at: value('now'), updated_at: value('now') })
    .where('id', '=', value('orderId')),
);
const orderLines = preparedQuery<{ orderId: string }>()((db, value) =>
  db
    .selectFrom('order_lines')
    .select(['course_id', 'title', 'unit_price_paise', 'bundle_id', 'cohort_id'])
    .where('order_id', '=', value('orderId')),
);
const insertRefundDueRow = preparedQuery<{
  id: string;
  orderId: string;
  gatewayPaymentId: string;
  amountPaise: number;
  now: string;
}>()((db, value) =>
  db.insertInto('refunds').values({
    id: value('id'),
    order_id: value('orderId'),
    gateway_payment_id: value('gatewayPaymentId'),
    gateway_refund_id: null,
    amount_paise: value('amountPaise'),
    status: 'pending',
    created_at: value('now'),
  }),
);
const buyerOf = preparedQuery<{ userId: string }>()((db, value) =>
  db.selectFrom('users').select(['email', 'username']).where('id', '=', value('userId')),
);

export function findOrderById(db: Db, orderId: string) {
  return orderById.first(db, { orderId });
}

export function findOrderLines(db: Db, orderId: string) {
  return orderLines.rows(db, { orderId });
}

export function findBuyer(db: Db, userId: string) {
  return buyerOf.first(db, { userId });
}

/** The buyer account's status: 'active', or 'suspended' or 'terminated' (closed by the operator, or deleted). */
export async function findBuyerStatus(db: Db, userId: string) {
  const row = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.status;
}

/** A captured payment, recorded once per gateway payment id (a repeat marks it captured again). */
export const upsertCapturedPayment = withNewId(upsertPayment);

export async function markPaid(db: Db, orderId: string, now: string): Promise<void> {
  await markPaidRow.execute(db, { orderId, now });
}

/** A refund due for a payment the order cannot honour (refund-unfulfillable.ts completes it). */
export const insertRefundDue = withNewId(insertRefundDueRow);

/**
 * Courses sold alone in the order that the buyer owns already through an active enrolment. A bundle's
 * courses do not count: a bundle may include a course the buyer owns (they were told in the cart).
 */
export function findOwnedTitles(db: Db, orderId: string, userId: string) {
  return db
    .selectFrom('order_lines')
    .innerJoin('enrolments', 'enrolments.course_id', 'order_lines.course_id')
    .select('order_lines.title')
    .where('order_lines.order_id', '=', orderId)
    .where('order_lines.bundle_id', 'is', null)
    .where('enrolments.user_id', '=', userId)
    .where('enrolments.revoked_at', 'is', null)
    .execute();
}

export function findCouponLimits(db: Db, couponId: string) {
  return db
    .selectFrom('coupons')
    .select(['max_uses', 'max_uses_per_user'])
    .where('id', '=', couponId)
    .executeTakeFirst();
}

/** The buyers and statuses of the other paid or unpaid orders holding a use of the coupon. */
export function findCouponHolders(db: Db, couponId: string, exceptOrderId: string) {
  return db
    .selectFrom('coupon_redemptions')
    .innerJoin('orders', 'orders.id', 'coupon_redemptions.order_id')
    .select(['orders.user_id', 'orders.status'])
    .where('coupon_redemptions.coupon_id', '=', couponId)
    .where('coupon_redemptions.order_id', '!=', exceptOrderId)
    .where('orders.status', 'in', ['paid', 'created', 'attempted'])
    .execute();
}

// ---- Refunds --------------------------------------------------------------------------------------

/** A payment recorded for an order it could not fulfil, not yet given back (see fulfil-order.ts). */
export function findDueRefund(db: Db, orderId: string) {
  return db
    .selectFrom('refunds')
    .select(['id', 'gateway_payment_id', 'amount_paise'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The orders with a refund still due, oldest first, at most 500. */
export function findOrdersWithDueRefunds(db: Db) {
  return db
    .selectFrom('refunds')
    .select('order_id')
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(500)
    .execute();
}

/** What deciding whether an order can be fulfilled needs. */
export function findOrderCoupon(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'coupon_id', 'coupon_code', 'tax_mode'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** Whether the order is billed as an export, and its gateway order (export-claim.ts). */
export function findExportClaim(db: Db, orderId: string) {
  return db.selectFrom('orders').select(['tax_mode', 'gateway_order_id']).where('id', '=', orderId).executeTakeFirst();
}

/** True when a payment of the order was reported by the gateway as made from abroad. */
export async function paidFromAbroad(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('international', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export function findRefundByGatewayId(db: Db, gatewayRefundId: string) {
  return db.selectFrom('refunds').select('id').where('gateway_refund_id', '=', gatewayRefundId).executeTakeFirst();
}

export async function completeRefund(
  db: Db,
  refundId: string,
  gatewayRefundId: string,
  amountPaise: number,
): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'processed', gateway_refund_id: gatewayRefundId, amount_paise: amountPaise })
    .where('id', '=', refundId)
    .execute();
}

export async function insertProcessedRefund(
  db: Db,
  row: { orderId: string; gatewayPaymentId: string; gatewayRefundId: string; amountPaise: number; now: string },
): Promise<void> {
  await db
    .insertInto('refunds')
    .values({
      id: newId(),
      order_id: row.orderId,
      gateway_payment_id: row.gatewayPaymentId,
      gateway_refund_id: row.gatewayRefundId,
      amount_paise: row.amountPaise,
      status: 'processed',
      created_at: row.now,
    })
    .execute();
}

export function findOrderBuyerId(db: Db, orderId: string) {
  return db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirstOrThrow();
}

export function findOrderWithBuyer(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.user_id',
      'orders.billing_name',
      'orders.billing_email',
      'users.email',
      'users.username',
      'users.status as buyer_status',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function markRefunded(db: Db, orderId: string, stamp: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'refunded', refunded_at: stamp, updated_at: stamp })
    .where('id', '=', orderId)
    .execute();
}

/** The order's active enrolments. */
export function findHeldEnrolments(db: Db, orderId: string, userId: string) {
  return db
    .selectFrom('enrolments')
    .select(['id', 'course_id'])
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The learner's earliest other paid, unrefunded order containing the course, if any. */
export function findOtherPaidOrderWith(db: Db, order: { id: string; user_id: string }, courseId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.user_id', '=', order.user_id)
    .where('orders.status', '=', 'paid')
    .where('orders.id', '!=', order.id)
    .where('order_lines.course_id', '=', courseId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('refunds').select('refunds.id').whereRef('refunds.order_id', '=', 'orders.id'))),
    )
    .orderBy('orders.paid_at')
    .limit(1)
    .executeTakeFirst();
}

/** The learner's orders whose checkout carried the "Education only" acknowledgement, oldest first. */
export function findDisclaimerAcceptances(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'disclaimer_accepted_at'])
    .where('user_id', '=', userId)
    .where('disclaimer_accepted_at', 'is not', null)
    .orderBy('disclaimer_accepted_at')
    .orderBy('id')
    .execute();
}

/** The billing name of the learner's latest paid (or refunded) order that has one, for the certificate form. */
export async function findLatestBillingName(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('billing_name')
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'refunded'])
    .where('billing_name', '!=', '')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.billing_name ?? null;
}
