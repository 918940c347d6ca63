import { z } from 'zod';
import { cartCohort } from './cohorts.js';
import { objectId } from './common.js';

export const cartCourseBody = z.object({ courseId: objectId });
export type CartCourseBody = z.infer<typeof cartCourseBody>;

/**
 * Add and remove take a course, or a bundle (issue 34): `{ courseId }` or `{ bundleId }`, exactly one. A
 * course that runs in cohorts is added with the cohort picked (`cohortId`, issue 35); adding it again with
 * another cohort switches the cohort.
 */
export const cartItemBody = z
  .object({ courseId: objectId.optional(), bundleId: objectId.optional(), cohortId: objectId.optional() })
  .refine((body) => (body.courseId === undefined) !== (body.bundleId === undefined), {
    message: 'courseId or bundleId: give exactly one',
    path: ['courseId'],
  });
export type CartItemBody = z.infer<typeof cartItemBody>;

/** The spec's populated course inside a cart entry; price in rupees like every API price. */
export const cartCourse = z.object({
  _id: objectId,
  title: z.string(),
  price: z.number().nonnegative(),
  thumb: z.string(),
});
export type CartCourse = z.infer<typeof cartCourse>;

/** `cohort` is there only for a course bought for a cohort (issue 35), so a self-paced entry keeps the spec's shape. */
export const cartEntry = z.object({
  courseId: cartCourse,
  quantity: z.number().int().positive(),
  cohort: cartCohort.optional(),
});
export type CartEntry = z.infer<typeof cartEntry>;

/**
 * A bundle in the cart: one line at its price. `owned` marks an included course the buyer owns already,
 * named before paying (the bundle is still sold: its price is its price).
 */
export const cartBundle = z.object({
  _id: objectId,
  title: z.string(),
  price: z.number().nonnegative(),
  courses: z.array(z.object({ _id: objectId, title: z.string(), owned: z.boolean() })),
});
export type CartBundle = z.infer<typeof cartBundle>;

/** `bundles` is there only when the cart holds one, so a cart of courses keeps the spec's shape. */
export const cart = z.object({
  userId: z.string(),
  courses: z.array(cartEntry),
  bundles: z.array(cartBundle).optional(),
});
export type Cart = z.infer<typeof cart>;

export const getCartResponse = z.object({ ok: z.literal(true), cart });
export type GetCartResponse = z.infer<typeof getCartResponse>;

/** add and remove answer with the message to show and the cart as it now is. */
export const cartChangeResponse = z.object({ ok: z.literal(true), message: z.string(), cart });
export type CartChangeResponse = z.infer<typeof cartChangeResponse>;

export const MAX_MERGE_COURSES = 100;

/**
 * A visitor's browser cart, moved into the server cart at sign-in; `cohorts` names the cohort picked for
 * each course that runs in cohorts (course id to cohort id, issue 35).
 */
export const mergeCartBody = z.object({
  courseIds: z.array(objectId).max(MAX_MERGE_COURSES),
  cohorts: z
    .record(objectId, objectId)
    .refine((map) => Object.keys(map).length <= MAX_MERGE_COURSES, 'too many cohorts')
    .optional(),
});
export type MergeCartBody = z.infer<typeof mergeCartBody>;

export const mergeCartResponse = z.object({ ok: z.literal(true), added: z.number().int().nonnegative(), cart });
export type MergeCartResponse = z.infer<typeof mergeCartResponse>;

/**
 * What the cart page hands to /check-out in navigation state (the spec's cart, validDiscount,
 * finalTotal, discountCouponId; amounts in paise, no client-side encryption). It only pre-fills the
 * summary: the server recomputes every amount from its own prices and the coupon.
 */
export interface CheckoutHandOff {
  cart: CartCourse[];
  validDiscount: number;
  finalTotal: number;
  discountCouponId: string | null;
  couponCode: string | null;
}
