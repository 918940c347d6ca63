import type { Db } from '../../db/database.js';
import { type CouponRow, countRedemptions, findCouponByCode } from './repo.js';

export interface UsableCoupon {
  id: string;
  code: string;
  percent: number;
}

/**
 * The coupon behind a code if this user may use it now: active, started, not expired, and under its
 * total and per-user limits (counted from coupon_redemptions). Null otherwise; the caller never learns
 * which rule failed, so codes cannot be probed for their terms.
 */
export async function findUsableCoupon(
  db: Db,
  code: string,
  userId: string,
  now = new Date(),
): Promise<UsableCoupon | null> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon || !(await isUsable(db, coupon, userId, now.toISOString()))) return null;
  return { id: coupon.id, code: coupon.code, percent: coupon.percent };
}

async function isUsable(db: Db, coupon: CouponRow, userId: string, now: string): Promise<boolean> {
  if (coupon.active !== 1) return false;
  if (coupon.starts_at && now < coupon.starts_at) return false;
  if (coupon.expires_at && now >= coupon.expires_at) return false;
  if (
    coupon.max_uses !== null &&
    (await countRedemptions(db, coupon.id, { excludeUnpaidOf: userId })) >= coupon.max_uses
  )
    return false;
  if (
    coupon.max_uses_per_user !== null &&
    (await countRedemptions(db, coupon.id, { userId, excludeUnpaidOf: userId })) >= coupon.max_uses_per_user
  )
    return false;
  return true;
}
