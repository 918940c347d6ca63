import * as z from 'zod/mini';
import { REVIEW_TEXT_MAX } from '../field-rules.js';
import { messages } from '../messages.js';

const starsInvalid = { error: messages.reviewStarsInvalid };
/** One to five whole stars. */
const stars = <T extends z.ZodMiniType<number>>(schema: T) =>
  schema.check(
    z.refine((rating: number) => Number.isInteger(rating), starsInvalid),
    z.minimum(1, starsInvalid),
    z.maximum(5, starsInvalid),
  );

/** `POST /api/courses/{id}/reviews`: the buyer's stars and words; a second post replaces the first. */
export const reviewInput = z.object({
  rating: stars(z.number(starsInvalid)),
  text: z._default(z.string().check(z.trim(), z.maxLength(REVIEW_TEXT_MAX, messages.reviewTextTooLong)), ''),
});
export type ReviewInput = z.input<typeof reviewInput>;

/** The browser's review form: a radio group gives its choice as text. */
export const reviewForm = z.extend(reviewInput, { rating: stars(z.coerce.number(starsInvalid)) });
