import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CouponsTable } from '../../db/schema.js';

export type CouponRow = Selectable<CouponsTable>;

/** Codes are matched case-insensitively: WELCOME10, welcome10 and Welcome10 are one coupon. */
export function normaliseCode(code: string): string {
  return code.trim().toLowerCase();
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code_lower', '=', normaliseCode(code)).executeTakeFirst();
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
