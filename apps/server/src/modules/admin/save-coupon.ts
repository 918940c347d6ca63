import { type AdminCoupon, type AdminCouponInput, messages } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { endOfIndianDay, startOfIndianDay } from '../coupons/coupon-dates.js';
import { deactivateCouponRow, findCouponByCode, insertCoupon, updateCoupon } from '../coupons/index.js';
import { loadCoupon } from './coupon-record.js';

/** Creates a coupon (no id) or changes one; a code another coupon already has is a conflict. */
export async function saveCoupon(
  db: Db,
  actor: SessionUser,
  id: string | null,
  input: AdminCouponInput,
  now = new Date(),
): Promise<AdminCoupon> {
  const before = id ? await loadCoupon(db, id) : null;
  const taken = await findCouponByCode(db, input.code);
  if (taken && taken.id !== id) throw new AppError('conflict', messages.couponExists, { code: messages.couponExists });
  const couponId = id ?? newId();
  const stamp = now.toISOString();
  const coupon = {
    code: input.code,
    percent: input.percent,
    starts_at: input.startsOn ? startOfIndianDay(input.startsOn) : null,
    expires_at: input.expiresOn ? endOfIndianDay(input.expiresOn) : null,
    max_uses: input.maxUses,
    max_uses_per_user: input.maxUsesPerUser,
    active: input.active ? 1 : 0,
  };
  await changeWithAudit(
    db,
    actor,
    (trx) => (before ? updateCoupon(trx, couponId, coupon, stamp) : insertCoupon(trx, couponId, coupon, stamp)),
    { action: before ? 'coupon.update' : 'coupon.create', entity: 'coupon', entityId: couponId, before, after: input },
    now,
  );
  return loadCoupon(db, couponId);
}

/** Stops a coupon being accepted; its past uses stay on their orders. */
export async function deactivateCoupon(db: Db, actor: SessionUser, id: string, now = new Date()): Promise<AdminCoupon> {
  const before = await loadCoupon(db, id);
  await changeWithAudit(
    db,
    actor,
    (trx) => deactivateCouponRow(trx, id, now.toISOString()),
    {
      action: 'coupon.deactivate',
      entity: 'coupon',
      entityId: id,
      before: { active: before.active },
      after: { active: false },
    },
    now,
  );
  return loadCoupon(db, id);
}
