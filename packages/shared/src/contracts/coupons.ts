import { z } from 'zod';
import { messages } from '../messages.js';
import { calendarDate, couponCode } from './coupon-requests.js';

/** A usable coupon. Any unusable one is a 404 `{ ok: false, message: 'Invalid coupon code' }`, whatever the reason. */
export const couponResponse = z.object({
  ok: z.literal(true),
  message: z.literal(messages.couponValid),
  coupon: z.object({ id: z.string(), discountPercentage: z.number().int().min(1).max(100) }),
});
export type CouponResponse = z.infer<typeof couponResponse>;

const positiveWhole = z
  .number({ error: 'must be a whole number of at least 1' })
  .int('must be a whole number of at least 1')
  .positive('must be a whole number of at least 1');
const percentMessage = 'must be a whole number from 1 to 100';

/** What `coupon:create` accepts. Dates are whole days in India time: a coupon runs from the start of startsOn to the end of expiresOn. */
export const couponInput = z
  .object({
    code: couponCode,
    percent: z.number({ error: percentMessage }).int(percentMessage).min(1, percentMessage).max(100, percentMessage),
    startsOn: z.optional(calendarDate),
    expiresOn: z.optional(calendarDate),
    maxUses: positiveWhole.optional(),
    maxUsesPerUser: positiveWhole.optional(),
    active: z.boolean().default(true),
  })
  .refine((c) => !c.startsOn || !c.expiresOn || c.startsOn <= c.expiresOn, {
    message: 'must not be before the start date',
    path: ['expiresOn'],
  });
export type CouponInput = z.input<typeof couponInput>;
