import { z } from 'zod';
import { objectId } from './common.js';

/** The join link opens this many minutes before the start and stays until the end (issue 35). */
export const LIVE_JOIN_OPENS_MINUTES = 15;
/** A session lasts from 15 minutes to 8 hours; a repeat runs weekly for at most a year. */
export const LIVE_DURATION_MINUTES = { min: 15, max: 480 } as const;
export const LIVE_REPEAT_MAX_WEEKS = 52;

/**
 * A session as its learner sees it (`GET /api/live-sessions`). Times are ISO 8601 in India time with the
 * offset (`2026-12-01T09:15:00+05:30`). The audience is one of a course, a plan or a cohort; the others null,
 * except that a cohort's session also names the cohort's course (`courseId`).
 */
export const liveSession = z.object({
  id: objectId,
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int().positive(),
  courseId: objectId.nullable(),
  planId: objectId.nullable(),
  cohortId: objectId.nullable(),
  /** The course's or plan's title, to say what the session is part of. */
  audienceTitle: z.string(),
  joinOpensAt: z.string(),
  /** Inside the join window now. */
  joinable: z.boolean(),
  meetingKind: z.enum(['jitsi', 'link']),
});
export type LiveSession = z.infer<typeof liveSession>;

export const liveSessionsResponse = z.object({ ok: z.literal(true), sessions: z.array(liveSession) });
export type LiveSessionsResponse = z.infer<typeof liveSessionsResponse>;

export const liveJoinResponse = z.object({ ok: z.literal(true), url: z.string() });
export type LiveJoinResponse = z.infer<typeof liveJoinResponse>;
/** Before the window (or after the end): why not, and when the link opens. */
export const liveJoinRefusal = z.object({ ok: z.literal(false), message: z.string(), joinOpensAt: z.string() });
export type LiveJoinRefusal = z.infer<typeof liveJoinRefusal>;

/** Weekdays as numbers (0 or 7 Sunday, 1 Monday … 6 Saturday) or three-letter English names. */
const weekdayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export const liveWeekday = z.union([
  z.number().int().min(0, 'weekdays are 0 (Sunday) to 6 (Saturday), or 7 for Sunday').max(7, 'weekdays are 0 to 7'),
  z
    .string()
    .transform((value) => value.trim().slice(0, 3).toLowerCase())
    .pipe(z.enum(weekdayNames, { error: 'weekdays are sun, mon, tue, wed, thu, fri or sat' })),
]);
/** The weekday as 0 (Sunday) to 6 (Saturday). */
export const weekdayNumber = (day: z.infer<typeof liveWeekday>): number =>
  typeof day === 'number' ? day % 7 : weekdayNames.indexOf(day);

export const liveRepeat = z.object({
  weekdays: z.array(liveWeekday).min(1, 'choose at least one weekday').max(7),
  weeks: z
    .number()
    .int()
    .min(1, 'repeat for 1 to 52 weeks')
    .max(LIVE_REPEAT_MAX_WEEKS, `repeat for 1 to ${LIVE_REPEAT_MAX_WEEKS} weeks`),
});
export type LiveRepeat = z.infer<typeof liveRepeat>;

export const liveAudience = z.union([
  z.object({ courseId: objectId }).strict(),
  z.object({ planId: objectId }).strict(),
  z.object({ cohortId: objectId }).strict(),
]);
export type LiveAudience = z.infer<typeof liveAudience>;

export const liveMeeting = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('jitsi') }),
  z.object({
    kind: z.literal('link'),
    url: z.url({ protocol: /^https$/, error: 'the meeting link must be an https:// address' }).max(500),
  }),
]);
export type LiveMeeting = z.infer<typeof liveMeeting>;

/**
 * The start as the console sends it: ISO 8601 with an offset (`2026-12-01T09:15:00+05:30`, `…Z`), or a
 * local date and time (`2026-12-01T09:15`, a datetime-local field's value), read as India time.
 */
export const liveStartsAt = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
    'the start must be a date and time, e.g. 2026-12-01T09:15 (India time)',
  )
  .transform((value) => (/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}+05:30`))
  .refine((value) => !Number.isNaN(Date.parse(value)), 'the start must be a real date and time');

const durationMinutes = z
  .number()
  .int('the duration is whole minutes')
  .min(
    LIVE_DURATION_MINUTES.min,
    `a session lasts ${LIVE_DURATION_MINUTES.min} to ${LIVE_DURATION_MINUTES.max} minutes`,
  )
  .max(
    LIVE_DURATION_MINUTES.max,
    `a session lasts ${LIVE_DURATION_MINUTES.min} to ${LIVE_DURATION_MINUTES.max} minutes`,
  );

export const adminLiveSessionInput = z.object({
  title: z.string().trim().min(1, 'a title is required').max(120),
  description: z.string().trim().max(2000).default(''),
  startsAt: liveStartsAt,
  durationMinutes,
  repeat: liveRepeat.nullable().default(null),
  audience: liveAudience,
  meeting: liveMeeting.default({ kind: 'jitsi' }),
});
export type AdminLiveSessionInput = z.input<typeof adminLiveSessionInput>;

/** One occurrence's change: its title, description, start, duration or meeting. */
export const adminLiveSessionPatch = z
  .object({
    title: z.string().trim().min(1, 'a title is required').max(120),
    description: z.string().trim().max(2000),
    startsAt: liveStartsAt,
    durationMinutes,
    meeting: liveMeeting,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to change');
export type AdminLiveSessionPatch = z.input<typeof adminLiveSessionPatch>;

export const adminLiveSession = liveSession.omit({ joinable: true }).extend({
  /** The occurrences made by one repeat share it. */
  seriesId: objectId,
  /** For a pasted link, the link; for Jitsi, the room's address without a token. */
  meetingUrl: z.string(),
  attendees: z.number().int().nonnegative(),
});
export type AdminLiveSession = z.infer<typeof adminLiveSession>;

export const adminLiveSessionResponse = z.object({
  ok: z.literal(true),
  /** The first occurrence. */
  session: adminLiveSession,
  /** Every occurrence made (one without a repeat). */
  sessions: z.array(adminLiveSession),
});
export type AdminLiveSessionResponse = z.infer<typeof adminLiveSessionResponse>;
export const adminLiveSessionsResponse = z.object({ ok: z.literal(true), sessions: z.array(adminLiveSession) });
export type AdminLiveSessionsResponse = z.infer<typeof adminLiveSessionsResponse>;
/** `DELETE /api/admin/live-sessions/{id}`: the occurrence is cancelled. */
export const adminLiveSessionCancelled = z.object({ ok: z.literal(true) });

export const liveAttendee = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
});
export const adminAttendanceResponse = z.object({
  ok: z.literal(true),
  session: adminLiveSession,
  attendees: z.array(liveAttendee),
});
export type AdminAttendanceResponse = z.infer<typeof adminAttendanceResponse>;
