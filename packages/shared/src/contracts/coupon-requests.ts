import * as z from 'zod/mini';
import { messages } from '../messages.js';

export const couponCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, messages.couponCodeRequired),
    z.maxLength(40, messages.couponCodeFormat),
    z.regex(/^[A-Za-z0-9_-]+$/, messages.couponCodeFormat),
  );

/** The cart's coupon box and GET /api/coupon/{code}. */
export const couponParams = z.object({ code: couponCode });

const wholeOfAtLeastOne = 'must be a whole number of at least 1';
const percentMessage = 'must be a whole number from 1 to 100';
export const calendarDate = z.iso.date('must be a date written YYYY-MM-DD');
const optionalDate = z.union([z.literal(''), calendarDate]);
const optionalWhole = z.union([z.null(), z.int(wholeOfAtLeastOne).check(z.positive(wholeOfAtLeastOne))]);

/** A coupon as the operator edits it; empty dates and null limits mean "no limit". */
export const adminCouponInput = z
  .object({
    code: couponCode,
    percent: z.int(percentMessage).check(z.minimum(1, percentMessage), z.maximum(100, percentMessage)),
    startsOn: optionalDate,
    expiresOn: optionalDate,
    maxUses: optionalWhole,
    maxUsesPerUser: optionalWhole,
    active: z.boolean(),
  })
  .check(
    z.refine((c) => !c.startsOn || !c.expiresOn || c.startsOn <= c.expiresOn, {
      message: 'must not be before the start date',
      path: ['expiresOn'],
    }),
  );
export type AdminCouponInput = z.infer<typeof adminCouponInput>;
