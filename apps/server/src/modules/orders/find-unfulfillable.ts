import type { Db } from '../../db/database.js';
import { fullCohortsOf } from '../cohorts/index.js';
import { coursesInInstalments } from '../subscriptions/index.js';
import {
  findBuyerStatus,
  findCouponHolders,
  findCouponLimits,
  findOrderLines,
  findOwnedTitles,
  paidFromAbroad,
} from './repo.js';

export type Unfulfillable =
  | { kind: 'inactive'; status: 'suspended' | 'terminated' }
  | { kind: 'owned'; titles: string[] }
  | { kind: 'instalments'; titles: string[] }
  | { kind: 'coupon'; code: string }
  | { kind: 'cohort'; titles: string[] }
  | { kind: 'export' };

interface PaidOrder {
  id: string;
  user_id: string;
  coupon_id: string | null;
  coupon_code: string | null;
  tax_mode: string | null;
}

/**
 * Why money that arrived for this order must go back instead of granting it, or null when it may be
 * fulfilled. An order that was superseded or expired stays payable at the gateway (an old tab, an old
 * Razorpay window), so by the time its payment arrives the buyer may own one of its courses through
 * another order, or its coupon may have been used up by other orders; or the buyer may have deleted the
 * account, or been suspended, meanwhile; or the order's cohort may have filled up. Run under the buyer's,
 * the coupon's and the cohorts' locks, so concurrent payments decide one after the other.
 */
export async function findUnfulfillable(trx: Db, order: PaidOrder): Promise<Unfulfillable | null> {
  // A deleted, closed or suspended account cannot use what it would be given (decision 0015, addendum).
  const status = await findBuyerStatus(trx, order.user_id);
  if (status !== 'active') return { kind: 'inactive', status };
  const owned = await findOwnedTitles(trx, order.id, order.user_id);
  if (owned.length > 0) return { kind: 'owned', titles: owned.map((row) => row.title) };
  // Paying for one of its courses in instalments meanwhile (decision 0038): the order would make them pay twice.
  const lines = await findOrderLines(trx, order.id);
  const inInstalments = await coursesInInstalments(
    trx,
    order.user_id,
    lines.map((line) => line.course_id),
  );
  if (inInstalments.size > 0)
    return {
      kind: 'instalments',
      titles: lines.filter((line) => inInstalments.has(line.course_id)).map((line) => line.title),
    };
  // The last seat went to another buyer while this one paid (issue 35): counted under the cohorts' locks.
  const full = await fullCohortsOf(trx, lines);
  if (full.length > 0) return { kind: 'cohort', titles: full };
  if (order.coupon_id && (await couponOverLimits(trx, order.coupon_id, order))) {
    // Stryker disable next-line StringLiteral: an order has a coupon code exactly when it has a coupon id; the fallback is for the type
    return { kind: 'coupon', code: order.coupon_code ?? '' };
  }
  // Billed as an export under the LUT (no GST) but paid from India: the claim does not hold (export-claim.ts).
  if (order.tax_mode === 'lut' && !(await paidFromAbroad(trx, order.id))) return { kind: 'export' };
  return null;
}

/**
 * Uses held by other orders: paid ones and the reservations of orders awaiting payment, except this
 * buyer's own unpaid orders (the same rule as at checkout). Refunded orders' uses are not counted.
 */
async function couponOverLimits(trx: Db, couponId: string, order: PaidOrder): Promise<boolean> {
  const coupon = await findCouponLimits(trx, couponId);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: no code path deletes a coupon, so an order's coupon is always found
  if (!coupon) return false;
  const holders = await findCouponHolders(trx, couponId, order.id);
  const counted = holders.filter((row) => row.status === 'paid' || row.user_id !== order.user_id);
  if (coupon.max_uses !== null && counted.length >= coupon.max_uses) return true;
  const own = counted.filter((row) => row.user_id === order.user_id).length;
  return coupon.max_uses_per_user !== null && own >= coupon.max_uses_per_user;
}

/** For the order's history in the operator's console. */
export function describeUnfulfillable(reason: Unfulfillable): string {
  if (reason.kind === 'inactive')
    return reason.status === 'suspended'
      ? "the buyer's account is suspended"
      : "the buyer's account is closed (deleted by the learner or terminated)";
  if (reason.kind === 'export')
    return 'billed Outside India without GST (LUT), but the gateway reports a payment from India';
  if (reason.kind === 'instalments') return `the buyer is paying for ${reason.titles.join(', ')} in instalments`;
  if (reason.kind === 'cohort') return `no seat left in cohort ${reason.titles.join(', ')}`;
  return reason.kind === 'owned'
    ? `the buyer already owns ${reason.titles.join(', ')} through another order`
    : `coupon ${reason.code} has no uses left for this order`;
}

/** For the buyer's refund e-mail. */
export function explainUnfulfillable(reason: Unfulfillable | null): string {
  if (!reason)
    return 'This payment arrived for an order that could no longer be fulfilled, so nothing was added to your account for it.';
  if (reason.kind === 'inactive')
    return reason.status === 'suspended'
      ? 'This payment arrived while your account is suspended, so nothing was added to it and no invoice was issued.'
      : 'This payment arrived after your account was closed, so nothing could be added to it and no invoice was issued.';
  if (reason.kind === 'export')
    return 'This order was billed to an address outside India, without GST, but it was paid with an Indian card or account. Nothing was added to your account for it. Please order again with your Indian state and PIN code; GST is then added as the checkout shows.';
  if (reason.kind === 'instalments')
    return `This payment arrived for an order that could no longer be fulfilled: you are paying for ${reason.titles.join(', ')} in instalments (see My Memberships). Nothing was added to your account for it.`;
  if (reason.kind === 'cohort')
    return `The last seats of the cohort ${reason.titles.join(', ')} were taken by other learners while your payment was on its way, so nothing was added to your account for it. Please choose another cohort on the course page.`;
  const why =
    reason.kind === 'owned'
      ? `you already own ${reason.titles.join(', ')} through another order`
      : `its coupon ${reason.code} had been used up by the time the payment arrived`;
  return `This payment arrived for an order that could no longer be fulfilled: ${why}. Nothing was added to your account for it.`;
}
