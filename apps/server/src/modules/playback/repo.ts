import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { ReleaseKind } from '../../db/schema.js';

/** A lesson as playback sees it: is it a preview of a published course, and which ready video it plays. */
export interface LessonVideoRow {
  preview: number;
  published: number;
  video_id: string | null;
  has_captions: number | null;
}

/** The lesson's release rule and its section's (issue 35), as learning's requireLessonOpen takes them. */
export interface LessonReleaseColumns {
  release_kind: ReleaseKind;
  release_days: number;
  release_date: string | null;
  section_kind: ReleaseKind;
  section_days: number;
  section_date: string | null;
}

/** What playback checks, read at once: the lesson and its ready video, the enrolment, this device's stream. */
export interface VideoAccessRow extends LessonVideoRow, LessonReleaseColumns {
  /** 1 or true while the caller holds an enrolment not revoked nor refunded. */
  enrolled: number | boolean;
  /** This session's stream, if it has one. */
  stream_seen_at: string | null;
  stream_stopped_at: string | null;
}

const videoAccess = preparedQuery<{ courseId: string; lessonId: string; userId: string; sessionId: string }>()(
  (db, value) =>
    db
      .selectFrom('course_lessons')
      .innerJoin('courses', 'courses.id', 'course_lessons.course_id')
      .innerJoin('course_sections', 'course_sections.id', 'course_lessons.section_id')
      .leftJoin('lesson_videos', (join) =>
        join.onRef('lesson_videos.id', '=', 'course_lessons.video_id').on('lesson_videos.status', '=', 'ready'),
      )
      .leftJoin('video_streams', (join) => join.on('video_streams.session_id', '=', value('sessionId')))
      .select((eb) => [
        'course_lessons.preview',
        'courses.published',
        'course_lessons.release_kind',
        'course_lessons.release_days',
        'course_lessons.release_date',
        'course_sections.release_kind as section_kind',
        'course_sections.release_days as section_days',
        'course_sections.release_date as section_date',
        'lesson_videos.id as video_id',
        'lesson_videos.has_captions',
        eb
          .exists(
            eb
              .selectFrom('enrolments')
              .select('enrolments.id')
              .where('enrolments.user_id', '=', value('userId'))
              .where('enrolments.course_id', '=', value('courseId'))
              .where('enrolments.revoked_at', 'is', null),
          )
          .as('enrolled'),
        'video_streams.last_seen_at as stream_seen_at',
        'video_streams.stopped_at as stream_stopped_at',
      ])
      .where('course_lessons.id', '=', value('lessonId'))
      .where('course_lessons.course_id', '=', value('courseId')),
);

/**
 * The lesson of the course with its ready video (undefined for no such lesson), whether `userId` may
 * watch the course, and the stream of `sessionId`: one read for the grant and for every playlist and
 * key fetch after it.
 */
export function findVideoAccess(
  db: Db,
  ids: { courseId: string; lessonId: string; userId: string; sessionId: string },
): Promise<VideoAccessRow | undefined> {
  return videoAccess.first(db, ids);
}

const streamOf = preparedQuery<{ sessionId: string }>()((db, value) =>
  db
    .selectFrom('video_streams')
    .select(['user_id', 'last_seen_at', 'stopped_at'])
    .where('session_id', '=', value('sessionId')),
);

export function findStream(db: Db, sessionId: string) {
  return streamOf.first(db, { sessionId });
}

/** The learner's other sessions that played in the window and were not stopped. */
export async function countOtherActiveStreams(db: Db, userId: string, sessionId: string, since: string) {
  const row = await db
    .selectFrom('video_streams')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('session_id', '<>', sessionId)
    .where('last_seen_at', '>=', since)
    .where('stopped_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** This session plays now: a new or renewed stream, no longer stopped. */
export async function startStream(db: Db, sessionId: string, userId: string, now: string): Promise<void> {
  await db
    .insertInto('video_streams')
    .values({ session_id: sessionId, user_id: userId, last_seen_at: now, stopped_at: null })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ last_seen_at: now, stopped_at: null }))
    .execute();
}

/** A device that stepped back from the limit: no longer counted, not stopped either. */
export async function forgetStream(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('video_streams').where('session_id', '=', sessionId).execute();
}

export async function touchStream(db: Db, sessionId: string, now: string): Promise<void> {
  await db.updateTable('video_streams').set({ last_seen_at: now }).where('session_id', '=', sessionId).execute();
}

/** Ends the streams of the learner's other sessions; answers how many were playing. */
export async function stopOtherStreams(db: Db, userId: string, sessionId: string, since: string, now: string) {
  const playing = await countOtherActiveStreams(db, userId, sessionId, since);
  await db
    .updateTable('video_streams')
    .set({ stopped_at: now })
    .where('user_id', '=', userId)
    .where('session_id', '<>', sessionId)
    .where('stopped_at', 'is', null)
    .execute();
  return playing;
}

/** The learner's sessions (signed-in devices) opened since the time given. */
export async function countSessionsSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Records the day's flag once; answers whether this call recorded it. */
export async function insertDeviceFlag(db: Db, userId: string, day: string, devices: number, now: string) {
  const result = await db
    .insertInto('video_device_flags')
    .values({ user_id: userId, day, devices, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Every day the learner was flagged, newest first (their data export). */
export function findDeviceFlags(db: Db, userId: string) {
  return db
    .selectFrom('video_device_flags')
    .select(['day', 'devices'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .execute();
}

/** The latest flag of each of the learners given, on or after `sinceDay` (the console's list of users). */
export function findLatestDeviceFlags(db: Db, userIds: readonly string[], sinceDay: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('video_device_flags')
    .select(['user_id', 'day', 'devices'])
    .where('user_id', 'in', userIds)
    .where('day', '>=', sinceDay)
    .orderBy('day', 'asc')
    .execute();
}

/** The browsers that played the learner's videos, with when each signed in (their data export). */
export function findStreamsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('video_streams')
    .leftJoin('sessions', 'sessions.id', 'video_streams.session_id')
    .select(['sessions.created_at as signed_in_at', 'video_streams.last_seen_at', 'video_streams.stopped_at'])
    .where('video_streams.user_id', '=', userId)
    .orderBy('video_streams.last_seen_at', 'desc')
    .execute();
}

/** Erases the learner's streams and flags (account deletion, inside its transaction). */
export async function deletePlaybackOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('video_streams').where('user_id', '=', userId).execute();
  await db.deleteFrom('video_device_flags').where('user_id', '=', userId).execute();
  await db.deleteFrom('video_key_fetches').where('user_id', '=', userId).execute();
}

export async function findKeyFetch(db: Db, userId: string, videoId: string, keyIndex: number) {
  return db
    .selectFrom('video_key_fetches')
    .select(['fetches', 'last_fetched_at'])
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .where('key_index', '=', keyIndex)
    .executeTakeFirst();
}

/** One more fetch of a video's key by a learner, counted on the learner's row for that key. */
export async function recordKeyFetch(db: Db, userId: string, videoId: string, keyIndex: number, now: string) {
  await db
    .insertInto('video_key_fetches')
    .values({
      user_id: userId,
      video_id: videoId,
      key_index: keyIndex,
      fetches: 1,
      first_fetched_at: now,
      last_fetched_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'video_id', 'key_index'])
        .doUpdateSet({ fetches: sql<number>`video_key_fetches.fetches + 1`, last_fetched_at: now }),
    )
    .execute();
}

const settingsRow = preparedQuery<{ id: string }>()((db, value) =>
  db.selectFrom('video_settings').select(['max_devices', 'max_sign_in_devices']).where('id', '=', value('id')),
);

export function findVideoSettings(db: Db) {
  return settingsRow.first(db, { id: 'shop' });
}

export async function saveVideoSettings(
  db: Db,
  values: { max_devices: number; max_sign_in_devices: number },
  by: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('video_settings')
    .values({ id: 'shop', ...values, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: now, updated_by: by }))
    .execute();
}
