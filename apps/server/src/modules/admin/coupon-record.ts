import type { AdminCoupon } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type CouponRow, countRedemptions, findCouponById, findCoupons } from '../coupons/index.js';

const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The India calendar day an instant falls on (coupons run on whole India days). */
export function toIndianDate(iso: string): string {
  return new Date(Date.parse(iso) + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last day a coupon is usable: its expiry is the first instant after that day. */
function lastIndianDay(expiresAt: string): string {
  return toIndianDate(new Date(Date.parse(expiresAt) - 1).toISOString());
}

export async function toAdminCoupon(db: Db, row: CouponRow): Promise<AdminCoupon> {
  return {
    id: row.id,
    code: row.code,
    percent: row.percent,
    startsOn: row.starts_at ? toIndianDate(row.starts_at) : '',
    expiresOn: row.expires_at ? lastIndianDay(row.expires_at) : '',
    maxUses: row.max_uses,
    maxUsesPerUser: row.max_uses_per_user,
    active: row.active === 1,
    uses: await countRedemptions(db, row.id),
    createdAt: row.created_at,
  };
}

export async function loadCoupon(db: Db, id: string): Promise<AdminCoupon> {
  const row = await findCouponById(db, id);
  if (!row) throw new AppError('not_found', messages.adminCouponMissing);
  return toAdminCoupon(db, row);
}

export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  const rows = await findCoupons(db);
  return Promise.all(rows.map((row) => toAdminCoupon(db, row)));
}
