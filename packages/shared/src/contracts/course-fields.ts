import * as z from 'zod/mini';
import { atMostTwoDecimals, hasAtMostTwoDecimals, levels } from '../field-rules.js';
import { extractVideoId } from '../video.js';

/*
 * A course's fields, each with its rule and message, written once. The console's form and the API
 * take `adminCourseInput`; `course:import` takes the same fields (catalog/import-courses.ts adds only
 * the id, the creation date, defaults for what a file may leave out, and sections). zod/mini, so the
 * console's form validates with this very schema without bundling classic zod; the server's type
 * provider takes it as it is. Adding a field: docs/architecture.md, "Add a course field".
 */

const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`));

/** A YouTube link: the course's optional preview video and a video lesson's optional link. */
export const youTubeLink = z.string().check(
  z.trim(),
  z.maxLength(500, 'must be at most 500 characters'),
  z.refine((link) => extractVideoId(link) !== null, 'must be a YouTube link or an 11-character video id'),
);

/**
 * A course's image: a path on this site (an uploaded thumbnail, a demo image) or an https address.
 * Nothing else, so no `javascript:` or `data:` address is ever stored (attack report D5).
 */
const imageAddress = z.string().check(
  z.trim(),
  z.minLength(1, 'is required'),
  z.maxLength(500, 'must be at most 500 characters'),
  z.refine(
    (address) => /^\/(?![/\\])/.test(address) || /^https:\/\/[^/\s]+/.test(address),
    'must be a path on this site (/...) or an https:// address',
  ),
);

export const courseFields = {
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'must be at least 3 characters'),
      z.maxLength(200, 'must be at most 200 characters'),
    ),
  tag: requiredText(50),
  instructor: requiredText(120),
  price: z.number({ error: 'must be an amount in rupees' }).check(
    z.nonnegative('must not be negative'),
    z.maximum(10_000_000, 'must be at most ₹1,00,00,000'),
    z.refine(hasAtMostTwoDecimals, atMostTwoDecimals),
    // The payment gateway takes no amount under ₹1.00 (Razorpay's minimum is 100 paise).
    z.refine((rupees) => rupees === 0 || rupees >= 1, 'must be 0 (free) or at least ₹1.00, the least a payment can be'),
  ),
  level: z.enum(levels, { error: 'must be Beginner, Intermediate or Advanced' }),
  /** Optional (issue 32): without it, the course page's preview is its first free-preview lesson of our own video. */
  videoLink: z.union([z.literal(''), youTubeLink]),
  thumb: imageAddress,
  rating: z
    .number({ error: 'must be a number from 0 to 5' })
    .check(z.minimum(0, 'must be from 0 to 5'), z.maximum(5, 'must be from 0 to 5')),
  courseDescription: z.string().check(z.maxLength(20_000, 'must be at most 20,000 characters')),
  description: z.string().check(z.maxLength(20_000, 'must be at most 20,000 characters')),
  whatYoullLearn: z.array(requiredText(300)).check(z.maxLength(50, 'must have at most 50 points')),
  // Issue 14: the console's edit page sends neither list (its section editor writes the lessons);
  // left out, a course's lessons are not touched. A new course without them starts empty.
  curriculum: z.optional(
    z
      .array(
        z.object({
          title: requiredText(200),
          duration: z.string().check(z.trim(), z.maxLength(50, 'must be at most 50 characters')),
          content: z.string().check(z.maxLength(5000, 'must be at most 5,000 characters')),
        }),
      )
      .check(z.maxLength(200, 'must have at most 200 items')),
  ),
  /** The lesson videos only buyers see (Enrolled Courses); `videoLink` is the public preview. */
  lessonVideos: z.optional(z.array(youTubeLink).check(z.maxLength(200, 'must have at most 200 videos'))),
  published: z.boolean(),
};

/** A course as the operator edits it: one schema for the console's form and the server. */
export const adminCourseInput = z.object(courseFields);
export type AdminCourseInput = z.infer<typeof adminCourseInput>;
