import type { Db } from '../../db/database.js';
import {
  findBestSellers,
  findEventsOf,
  findLinesOf,
  findOrderWithEmail,
  findPaidSince,
  findPaymentsOf,
  findRefundedSince,
  findRefundsOf,
} from './console-repo.js';

/**
 * What the operator console reads of orders (admin/get-order.ts, admin/get-dashboard.ts): the console
 * shapes the answers, the orders module keeps its tables' SQL.
 */

/** One order with the account's e-mail, its lines, payments, refunds and history; undefined if there is none. */
export async function findOrderForConsole(db: Db, id: string) {
  const order = await findOrderWithEmail(db, id);
  if (!order) return undefined;
  const [lines, payments, refunds, events] = await Promise.all([
    findLinesOf(db, id),
    findPaymentsOf(db, id),
    findRefundsOf(db, id),
    findEventsOf(db, id),
  ]);
  return { order, lines, payments, refunds, events };
}

/** Orders paid (and still paid) and orders refunded since the instant, for the takings by day. */
export async function findTakingsSince(db: Db, since: string) {
  const [paid, refunded] = [await findPaidSince(db, since), await findRefundedSince(db, since)];
  return { paid, refunded };
}

/** The `limit` courses sold most in paid orders. */
export function findBestSellingCourses(db: Db, limit: number) {
  return findBestSellers(db, limit);
}
