import type { AdminDashboard } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { listNetTakings } from '../billing/register-net-takings.js';
import { findBestSellingCourses, findTakingsSince } from '../orders/find-for-console.js';
import { findChargeTakingsSince } from '../subscriptions/index.js';
import { listCoupons, toIndianDate } from './coupon-record.js';

const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last 30 India days of takings: orders paid on each day and still paid, and the membership and
 * instalment charges taken on each day and kept. A refunded order or charge is not takings (the money
 * went back); it counts among the refunds, on the day it was refunded.
 */
export async function getDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const days = Array.from({ length: DAYS }, (_, i) =>
    toIndianDate(new Date(now.getTime() - (DAYS - 1 - i) * DAY_MS).toISOString()),
  );
  const since = new Date(now.getTime() - (DAYS + 1) * DAY_MS).toISOString();
  const takings = await findTakingsSince(db, since);
  const paid = takings.paid;
  const charges = await findChargeTakingsSince(db, since);
  const taken = [
    ...paid.map((order) => ({ at: order.paid_at ?? '', paise: order.total_paise })),
    ...charges.kept.map((charge) => ({ at: charge.paid_at, paise: charge.amount_paise })),
  ];
  const refunded = [
    ...takings.refunded.map((order) => ({ at: order.refunded_at ?? '', paise: order.total_paise })),
    ...charges.refunded.map((charge) => ({ at: charge.refunded_at ?? '', paise: charge.amount_paise })),
  ].filter((refund) => days.includes(toIndianDate(refund.at)));
  const byDay = new Map(days.map((day) => [day, 0]));
  for (const taking of taken) {
    const day = toIndianDate(taking.at);
    if (byDay.has(day)) byDay.set(day, (byDay.get(day) ?? 0) + taking.paise);
  }
  const netOfTax = (await listNetTakings(db, since))
    .filter((order) => days.includes(toIndianDate(order.paidAt)))
    .reduce((sum, order) => sum + order.taxablePaise, 0);
  const today = days[DAYS - 1] ?? '';
  const todays = paid.filter((order) => toIndianDate(order.paid_at ?? '') === today);

  const sellers = await findBestSellingCourses(db, 5);

  const coupons = await listCoupons(db);
  return {
    revenueByDay: days.map((day) => ({ day, paise: byDay.get(day) ?? 0 })),
    ordersToday: todays.length,
    revenueTodayPaise: byDay.get(today) ?? 0,
    refundsLast30Days: refunded.length,
    refundedLast30DaysPaise: refunded.reduce((sum, refund) => sum + refund.paise, 0),
    netOfTaxLast30DaysPaise: netOfTax,
    bestSellers: sellers.map((row) => ({
      courseId: row.course_id,
      title: String(row.title),
      sold: Number(row.sold),
      paise: Number(row.paise),
    })),
    couponUse: coupons
      .map((coupon) => ({ code: coupon.code, uses: coupon.uses, active: coupon.active }))
      .sort((a, b) => b.uses - a.uses),
  };
}
