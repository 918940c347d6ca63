import type { Db } from '../../db/database.js';

/**
 * The orders module's SQL for the operator console's reads (find-for-console.ts): one order with its
 * lines, payments, refunds and history, and the takings of the last days. The console reads orders
 * only through these.
 */

export function findOrderWithEmail(db: Db, id: string) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.email')
    .where('orders.id', '=', id)
    .executeTakeFirst();
}

export function findLinesOf(db: Db, orderId: string) {
  return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
}

export function findPaymentsOf(db: Db, orderId: string) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

export function findRefundsOf(db: Db, orderId: string) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

export function findEventsOf(db: Db, orderId: string) {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

/** Orders paid since the instant and still paid. */
export function findPaidSince(db: Db, since: string) {
  return db
    .selectFrom('orders')
    .select(['paid_at', 'total_paise'])
    .where('paid_at', 'is not', null)
    .where('paid_at', '>=', since)
    .where('status', '=', 'paid')
    .execute();
}

/** Orders refunded since the instant. */
export function findRefundedSince(db: Db, since: string) {
  return db
    .selectFrom('orders')
    .select(['refunded_at', 'total_paise'])
    .where('status', '=', 'refunded')
    .where('refunded_at', '>=', since)
    .execute();
}

/** The courses sold most in paid orders, with how many and for how much. */
export function findBestSellers(db: Db, limit: number) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => [
      'order_lines.course_id',
      eb.fn.max('order_lines.title').as('title'),
      eb.fn.countAll<number>().as('sold'),
      eb.fn.sum<number>('order_lines.unit_price_paise').as('paise'),
    ])
    .where('orders.status', '=', 'paid')
    .groupBy('order_lines.course_id')
    .orderBy('sold', 'desc')
    .limit(limit)
    .execute();
}
