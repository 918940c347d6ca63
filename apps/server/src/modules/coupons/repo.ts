import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { CouponsTable } from '../../db/schema.js';
import { newId } from '../../ids.js';

export type CouponRow = Selectable<CouponsTable>;

/** Codes are matched case-insensitively: WELCOME10, welcome10 and Welcome10 are one coupon. */
export function normaliseCode(code: string): string {
  return code.trim().toLowerCase();
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code_lower', '=', normaliseCode(code)).executeTakeFirst();
}

export function findCouponById(db: Db, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every coupon, newest first (the console's list). */
export function findCoupons(db: Db): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').execute();
}

/**
 * Uses of a coupon: paid orders' redemptions and the reservations of orders awaiting payment.
 * `excludeUnpaidOf` leaves out that user's own unpaid orders, which a new checkout replaces.
 */
export async function countRedemptions(
  db: Db,
  couponId: string,
  options: { userId?: string; excludeUnpaidOf?: string } = {},
): Promise<number> {
  let query = db
    .selectFrom('coupon_redemptions')
    .leftJoin('orders', 'orders.id', 'coupon_redemptions.order_id')
    .select((eb) => eb.fn.countAll<number>().as('uses'))
    .where('coupon_redemptions.coupon_id', '=', couponId);
  if (options.userId) query = query.where('coupon_redemptions.user_id', '=', options.userId);
  const excluded = options.excludeUnpaidOf;
  if (excluded) {
    query = query.where((eb) =>
      eb.or([
        eb('orders.id', 'is', null),
        eb.not(eb.and([eb('orders.user_id', '=', excluded), eb('orders.status', 'in', ['created', 'attempted'])])),
      ]),
    );
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.uses);
}

export type NewCoupon = Omit<CouponRow, 'id' | 'code_lower' | 'created_at' | 'updated_at'>;

export async function insertCoupon(db: Db, id: string, coupon: NewCoupon, now: string): Promise<void> {
  await db
    .insertInto('coupons')
    .values({ id, ...coupon, code_lower: normaliseCode(coupon.code), created_at: now, updated_at: now })
    .execute();
}

/** Writes the coupon, or resets the one with the same code to these terms (the demo seed). */
export async function upsertCoupon(db: Db, id: string, coupon: NewCoupon, now: string): Promise<void> {
  await db
    .insertInto('coupons')
    .values({ id, ...coupon, code_lower: normaliseCode(coupon.code), created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('code_lower').doUpdateSet({ ...coupon, updated_at: now }))
    .execute();
}

/** The console's change of a coupon's terms (its code too). */
export async function updateCoupon(db: Db, id: string, coupon: NewCoupon, now: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ ...coupon, code_lower: normaliseCode(coupon.code), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Stops a coupon being accepted; its past uses stay. */
export async function deactivateCouponRow(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('coupons').set({ active: 0, updated_at: now }).where('id', '=', id).execute();
}

// ---- Uses (coupon_redemptions): reserved at checkout, kept when the order is paid, released otherwise --

/** The coupon use reserved or counted for an order, released. */
export async function deleteRedemptionsOf(db: Db, orderId: string): Promise<void> {
  await db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).execute();
}

/** A checkout's reservation of the coupon for its order. */
export async function insertRedemption(
  db: Db,
  row: { couponId: string; userId: string; orderId: string; now: string },
): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({ id: newId(), coupon_id: row.couponId, user_id: row.userId, order_id: row.orderId, redeemed_at: row.now })
    .execute();
}

// Every paid order with a coupon runs this; it is compiled once (see preparedQuery).
const keepRedemptionRow = preparedQuery<{
  id: string;
  couponId: string;
  userId: string;
  orderId: string;
  now: string;
}>()((db, value) =>
  db
    .insertInto('coupon_redemptions')
    .values({
      // Stryker disable next-line StringLiteral: SQLite lets a TEXT PRIMARY KEY be NULL and nothing reads this row's id; on PostgreSQL the insert fails
      id: value('id'),
      coupon_id: value('couponId'),
      user_id: value('userId'),
      order_id: value('orderId'),
      redeemed_at: value('now'),
    })
    .onConflict((oc) => oc.column('order_id').doNothing()),
);

/** The order's coupon use, counted (kept when reserved at checkout, added back when it had expired). */
export async function keepRedemption(
  db: Db,
  row: { couponId: string; userId: string; orderId: string; now: string },
): Promise<void> {
  await keepRedemptionRow.execute(db, { id: newId(), ...row });
}
