import { z } from 'zod';
import { objectId } from './common.js';
import { liveStartsAt } from './live-sessions.js';
import { lessonVideoState } from './video-admin.js';

/**
 * A past live session's recording as its audience sees it (`GET /api/live-sessions/recordings`): the
 * session's title and times (ISO 8601 in India time with the offset), what it is part of, and the
 * recording's length. Only released, ready recordings of sessions the learner may attend are listed.
 */
export const liveRecording = z.object({
  sessionId: objectId,
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  courseId: objectId.nullable(),
  planId: objectId.nullable(),
  cohortId: objectId.nullable(),
  audienceTitle: z.string(),
  /** When it opened to the audience (India time): the release date, or when it became ready. */
  releasedAt: z.string(),
  durationSeconds: z.number().nullable(),
});
export type LiveRecording = z.infer<typeof liveRecording>;

export const liveRecordingsQuery = z.object({ courseId: objectId.optional(), planId: objectId.optional() });
export const liveRecordingsResponse = z.object({ ok: z.literal(true), recordings: z.array(liveRecording) });
export type LiveRecordingsResponse = z.infer<typeof liveRecordingsResponse>;

/**
 * The console's view of a session's recording: the ready video it plays (`current`), a newer upload's
 * job (`job`), and the release date (ISO in India time; null: released as soon as it is ready).
 */
export const adminRecordingResponse = z.object({
  ok: z.literal(true),
  releaseAt: z.string().nullable(),
  current: lessonVideoState.nullable(),
  job: lessonVideoState.nullable(),
});
export type AdminRecordingResponse = z.infer<typeof adminRecordingResponse>;

/** The release date, written as a session's start is (India time unless an offset is given); null: as soon as it is ready. */
export const adminRecordingRelease = z.object({ releaseAt: liveStartsAt.nullable() });
export type AdminRecordingRelease = z.infer<typeof adminRecordingRelease>;
