import { couponInput, messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { endOfIndianDay, startOfIndianDay } from './coupon-dates.js';
import { findCouponByCode, insertCoupon } from './repo.js';

export interface CreatedCoupon {
  id: string;
  code: string;
  percent: number;
  startsAt: string | null;
  expiresAt: string | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
}

/** Validates and stores a new coupon; a bad value names its field, a taken code is a conflict. */
export async function createCoupon(db: Db, input: unknown, now = new Date()): Promise<CreatedCoupon> {
  const parsed = couponInput.safeParse(input);
  if (!parsed.success) {
    // A failed parse has at least one issue, and every issue has a message.
    const issue = parsed.error.issues[0] as (typeof parsed.error.issues)[number];
    const field = String(issue.path[0] ?? 'coupon');
    throw new AppError('bad_request', `${field}: ${issue.message}`, { [field]: issue.message });
  }
  const coupon = parsed.data;
  if (await findCouponByCode(db, coupon.code)) throw new AppError('conflict', messages.couponExists);
  const created: CreatedCoupon = {
    id: newId(),
    code: coupon.code,
    percent: coupon.percent,
    startsAt: coupon.startsOn ? startOfIndianDay(coupon.startsOn) : null,
    expiresAt: coupon.expiresOn ? endOfIndianDay(coupon.expiresOn) : null,
    maxUses: coupon.maxUses ?? null,
    maxUsesPerUser: coupon.maxUsesPerUser ?? null,
  };
  await insertCoupon(
    db,
    created.id,
    {
      code: created.code,
      percent: created.percent,
      starts_at: created.startsAt,
      expires_at: created.expiresAt,
      max_uses: created.maxUses,
      max_uses_per_user: created.maxUsesPerUser,
      active: coupon.active ? 1 : 0,
    },
    now.toISOString(),
  );
  return created;
}
