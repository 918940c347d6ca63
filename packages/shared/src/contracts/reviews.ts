import { z } from 'zod';
import { objectId } from './common.js';

/** Reviews per page of a course's Reviews tab. */
export const REVIEWS_PAGE_SIZE = 10;

// The review form's request (reviewInput, reviewForm) is in form-requests.ts, written with zod/mini.

export const reviewsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** One row of the spec's breakdown table: stars, share of all visible reviews (0-100) and count. */
export const reviewBreakdownRow = z.object({
  stars: z.number().int().min(1).max(5),
  percent: z.number().int().min(0).max(100),
  count: z.number().int().nonnegative(),
});
export type ReviewBreakdownRow = z.infer<typeof reviewBreakdownRow>;

/** A review as the public sees it: the reviewer's username, never their e-mail. */
export const publicReview = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  username: z.string(),
  date: z.string(),
});
export type PublicReview = z.infer<typeof publicReview>;

export const courseReviewsResponse = z.object({
  ok: z.literal(true),
  /** Mean of the visible reviews to one decimal; 0 when there are none. */
  average: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
  /** Always five rows, 5 stars first. */
  breakdown: z.array(reviewBreakdownRow),
  reviews: z.array(publicReview),
  page: z.number().int().min(1),
  pageCount: z.number().int().nonnegative(),
});
export type CourseReviewsResponse = z.infer<typeof courseReviewsResponse>;

export const myReview = z.object({ rating: z.number().int(), text: z.string(), date: z.string(), hidden: z.boolean() });
export type MyReview = z.infer<typeof myReview>;

/** `GET /api/courses/{id}/reviews/mine`: whether the caller may review, and their review if any. */
export const myReviewResponse = z.object({ ok: z.literal(true), canReview: z.boolean(), review: myReview.nullable() });
export type MyReviewResponse = z.infer<typeof myReviewResponse>;

export const saveReviewResponse = z.object({ ok: z.literal(true), message: z.string(), review: myReview });
export type SaveReviewResponse = z.infer<typeof saveReviewResponse>;

export const reviewParams = z.object({ id: objectId });

/** A review in the operator's console: who wrote what about which course, and whether it is shown. */
export const adminReview = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  username: z.string(),
  email: z.string(),
  rating: z.number().int(),
  text: z.string(),
  date: z.string(),
  hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReview>;

export const adminReviewsResponse = z.object({ ok: z.literal(true), reviews: z.array(adminReview) });
export const reviewVisibilityInput = z.object({ hidden: z.boolean({ error: 'must be true or false' }) });
export const reviewVisibilityResponse = z.object({ ok: z.literal(true), review: adminReview, message: z.string() });
