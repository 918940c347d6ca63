import { z } from 'zod';
import { objectId } from './common.js';

/** A cohort's seat limit: 1 to 100,000, or null for no limit. */
export const COHORT_MAX_SEATS = 100_000;

/** An India calendar date, `YYYY-MM-DD`, that exists. */
const indiaDay = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date, e.g. 2027-01-05`)
    .refine((value) => {
      const at = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
    }, `${what} must be a real date`);

const cohortTitle = z.string().trim().min(1, 'a title is required').max(120, 'a title is at most 120 characters');
const cohortSeats = z
  .number({ error: 'seats is a whole number, or null for no limit' })
  .int('seats is a whole number')
  .min(1, 'a cohort has at least 1 seat (or null for no limit)')
  .max(COHORT_MAX_SEATS, `a cohort has at most ${COHORT_MAX_SEATS} seats`)
  .nullable();

/**
 * The console's new cohort (`POST /api/admin/courses/{id}/cohorts`): its title, its start (an India date),
 * its seat limit (null: no limit) and its last day of enrolment (inclusive; null: open until it is full).
 * The last day of enrolment may fall after the start: a cohort may take late joiners for its first weeks.
 */
export const adminCohortInput = z.object({
  title: cohortTitle,
  startsOn: indiaDay('the start'),
  seats: cohortSeats.default(null),
  enrolUntil: indiaDay('the last day of enrolment').nullable().default(null),
});
export type AdminCohortInput = z.input<typeof adminCohortInput>;

/** A cohort's change: any of its fields; a new `startsOn` moves the start (its members are mailed). */
export const adminCohortPatch = z
  .object({
    title: cohortTitle,
    startsOn: indiaDay('the start'),
    seats: cohortSeats,
    enrolUntil: indiaDay('the last day of enrolment').nullable(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change' });
export type AdminCohortPatch = z.input<typeof adminCohortPatch>;

/** A cohort as the console lists it: its seats taken and left (left is null without a limit). */
export const adminCohort = z.object({
  id: objectId,
  courseId: objectId,
  title: z.string(),
  startsOn: z.string(),
  seats: z.number().int().positive().nullable(),
  enrolUntil: z.string().nullable(),
  seatsTaken: z.number().int().nonnegative(),
  seatsLeft: z.number().int().nonnegative().nullable(),
  /** Taking buyers today: enrolment not closed and a seat left. */
  open: z.boolean(),
});
export type AdminCohort = z.infer<typeof adminCohort>;

export const adminCohortResponse = z.object({ ok: z.literal(true), cohort: adminCohort });
export type AdminCohortResponse = z.infer<typeof adminCohortResponse>;
export const adminCohortsResponse = z.object({ ok: z.literal(true), cohorts: z.array(adminCohort) });
export type AdminCohortsResponse = z.infer<typeof adminCohortsResponse>;

/**
 * A cohort on the course page (`GET /api/courses/{id}`): only those whose enrolment is not closed (today in
 * India on or before `enrolUntil`); a full one is listed with `seatsLeft` 0, so a course whose cohorts are all
 * full still shows that it runs in cohorts. `seatsLeft` is null when there is no limit.
 */
export const publicCohort = z.object({
  id: objectId,
  title: z.string(),
  startsOn: z.string(),
  seatsLeft: z.number().int().nonnegative().nullable(),
});
export type PublicCohort = z.infer<typeof publicCohort>;

/** The cohort a cart entry is for: its title and start, to name it in the cart. */
export const cartCohort = z.object({ _id: objectId, title: z.string(), startsOn: z.string() });
export type CartCohort = z.infer<typeof cartCohort>;
