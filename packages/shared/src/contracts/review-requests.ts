import * as z from 'zod/mini';
import { messages } from '../messages.js';

const starsInvalid = { error: messages.reviewStarsInvalid };
/** One to five whole stars. */
const stars = <T extends z.ZodMiniType<number>>(schema: T) =>
  schema.check(
    z.refine((rating: number) => Number.isInteger(rating), starsInvalid),
    z.minimum(1, starsInvalid),
    z.maximum(5, starsInvalid),
  );

/** A review's text is optional; this is its longest form, after trimming. */
export const REVIEW_TEXT_MAX = 2000;

/** `POST /api/courses/{id}/reviews`: the buyer's stars and words; a second post replaces the first. */
export const reviewInput = z.object({
  rating: stars(z.number(starsInvalid)),
  text: z._default(z.string().check(z.trim(), z.maxLength(REVIEW_TEXT_MAX, messages.reviewTextTooLong)), ''),
});
export type ReviewInput = z.input<typeof reviewInput>;

/** The browser's review form: a radio group gives its choice as text. */
export const reviewForm = z.extend(reviewInput, { rating: stars(z.coerce.number(starsInvalid)) });
