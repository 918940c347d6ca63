import { z } from 'zod';
import { MAX_RELEASE_DAYS } from '../release-rules.js';

/** The kinds of scheduled release (issue 35): open at once, N days after enrolment or cohort start, or on a date. */
export const releaseKind = z.enum(['immediate', 'afterEnrolment', 'afterCohortStart', 'onDate'], {
  error: 'must be immediate, afterEnrolment, afterCohortStart or onDate',
});
export type ReleaseKind = z.infer<typeof releaseKind>;

const daysMessage = `must be a whole number of days from 0 to ${MAX_RELEASE_DAYS}`;

/**
 * A section's or lesson's release rule as the console saves it. `days` counts for the two relative
 * kinds, `date` (an India date, the lesson opening at 00:00 India time) for `onDate`; what a kind does not
 * use is ignored and stored empty. A lesson's own rule wins over its section's unless it is immediate.
 */
export const releaseInput = z
  .object({
    kind: releaseKind,
    days: z.int(daysMessage).min(0, daysMessage).max(MAX_RELEASE_DAYS, daysMessage).nullish(),
    date: z.union([z.literal(''), z.iso.date('must be a date written YYYY-MM-DD')]).nullish(),
  })
  .superRefine((rule, ctx) => {
    const relative = rule.kind === 'afterEnrolment' || rule.kind === 'afterCohortStart';
    if (relative && (rule.days === undefined || rule.days === null))
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'is required for a release after a number of days' });
    if (rule.kind === 'onDate' && !rule.date)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'is required for a release on a date' });
  })
  .transform((rule) => ({
    kind: rule.kind,
    days: rule.kind === 'afterEnrolment' || rule.kind === 'afterCohortStart' ? (rule.days ?? 0) : 0,
    date: rule.kind === 'onDate' ? (rule.date ?? null) : null,
  }));
export type ReleaseInput = z.input<typeof releaseInput>;

/** A release rule as stored and read back. */
export const releaseRule = z.object({ kind: releaseKind, days: z.number().int(), date: z.string().nullable() });
export type ReleaseRule = z.infer<typeof releaseRule>;

/** A refusal of a lesson not open yet: the message and when it opens (ISO 8601 in India time). */
export const lessonLockedResponse = z.object({
  ok: z.literal(false),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Present when the refusal is a lesson that opens later. */
  availableAt: z.string().optional(),
});
export type LessonLockedResponse = z.infer<typeof lessonLockedResponse>;
