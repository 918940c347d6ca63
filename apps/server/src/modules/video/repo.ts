import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, LessonVideosTable } from '../../db/schema.js';

/**
 * The video module's SQL: `lesson_videos` (one row per upload, also its transcode job; a lesson's or a live
 * session's recording) and `course_lessons.video_id`.
 */

export type LessonVideoRow = Awaited<ReturnType<typeof findVideo>> & {};

export async function findLesson(db: Db, lessonId: string) {
  return db
    .selectFrom('course_lessons')
    .select(['id', 'course_id', 'video_id'])
    .where('id', '=', lessonId)
    .executeTakeFirst();
}

export async function insertVideo(db: Db, row: Insertable<LessonVideosTable>): Promise<void> {
  await db.insertInto('lesson_videos').values(row).execute();
}

export async function findVideo(db: Db, videoId: string) {
  return db.selectFrom('lesson_videos').selectAll().where('id', '=', videoId).executeTakeFirst();
}

/** Every upload of a lesson, newest first. */
export async function findLessonVideos(db: Db, lessonIds: readonly string[]) {
  if (lessonIds.length === 0) return [];
  return db
    .selectFrom('lesson_videos')
    .selectAll()
    .where('lesson_id', 'in', lessonIds)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Every upload of a live session's recording, newest first (issue 35). */
export async function findRecordingVideos(db: Db, liveSessionId: string) {
  return db
    .selectFrom('lesson_videos')
    .selectAll()
    .where('live_session_id', '=', liveSessionId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The ready recording of each live session that has one (a session has at most one ready recording). */
export async function findReadyRecordings(db: Db, liveSessionIds?: readonly string[]) {
  if (liveSessionIds?.length === 0) return [];
  let query = db
    .selectFrom('lesson_videos')
    .select(['id', 'live_session_id', 'duration_seconds', 'has_captions', 'finished_at'])
    .where('status', '=', 'ready')
    .where('live_session_id', 'is not', null);
  if (liveSessionIds) query = query.where('live_session_id', 'in', liveSessionIds);
  return query.execute();
}

export async function deleteVideos(db: Db, videoIds: readonly string[]): Promise<void> {
  if (videoIds.length === 0) return;
  await db.deleteFrom('lesson_videos').where('id', 'in', videoIds).execute();
}

/**
 * Jobs a crash left running go back to the queue (a run publishes nothing until it has fully worked):
 * all of them, or, when other processes run jobs too, those whose runner stopped writing before `staleBefore`.
 */
export async function requeueRunning(db: Db, now: string, staleBefore?: string): Promise<void> {
  let query = db
    .updateTable('lesson_videos')
    .set({ status: 'queued', progress: 0, eta_seconds: null, updated_at: now })
    .where('status', '=', 'running');
  if (staleBefore) query = query.where('updated_at', '<', staleBefore);
  await query.execute();
}

/**
 * A run is the row's `attempts` at its claim: every later write of the runner names it, so a runner
 * whose lease ran out (its row taken back and claimed by another process) changes nothing any more.
 */
const ownRun = (videoId: string, attempt: number) => (eb: ExpressionBuilder<Database, 'lesson_videos'>) =>
  eb.and([eb('id', '=', videoId), eb('status', '=', 'running'), eb('attempts', '=', attempt)]);

/** A running job's heartbeat: its runner is alive even when its percent has not moved. False: the run is no longer its. */
export async function touchJob(db: Db, videoId: string, attempt: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('lesson_videos')
    .set({ updated_at: now })
    .where(ownRun(videoId, attempt))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the oldest queued job: the update only succeeds for the caller that still finds it queued, so
 * two processes on one PostgreSQL database never run the same job.
 */
export async function claimNextJob(db: Db, now: string) {
  for (;;) {
    const next = await db
      .selectFrom('lesson_videos')
      .select('id')
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const claimed = await db
      .updateTable('lesson_videos')
      .set((eb) => ({
        status: 'running',
        progress: 0,
        eta_seconds: null,
        error: null,
        attempts: eb('attempts', '+', 1),
        started_at: now,
        updated_at: now,
      }))
      .where('id', '=', next.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (claimed.numUpdatedRows > 0n) return findVideo(db, next.id);
  }
}

export async function writeProgress(
  db: Db,
  videoId: string,
  attempt: number,
  progress: number,
  etaSeconds: number | null,
  now: string,
) {
  await db
    .updateTable('lesson_videos')
    .set({ progress, eta_seconds: etaSeconds, updated_at: now })
    .where(ownRun(videoId, attempt))
    .execute();
}

export async function markFailed(db: Db, videoId: string, attempt: number, error: string, now: string): Promise<void> {
  await db
    .updateTable('lesson_videos')
    .set({ status: 'failed', error, eta_seconds: null, finished_at: now, updated_at: now })
    .where(ownRun(videoId, attempt))
    .execute();
}

/** An interrupted run (the app closing) goes back to the queue. */
export async function markQueued(db: Db, videoId: string, attempt: number, now: string): Promise<void> {
  await db
    .updateTable('lesson_videos')
    .set({ status: 'queued', progress: 0, eta_seconds: null, updated_at: now })
    .where(ownRun(videoId, attempt))
    .execute();
}

export async function requeueFailed(db: Db, videoId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('lesson_videos')
    .set({ status: 'queued', progress: 0, eta_seconds: null, error: null, finished_at: null, updated_at: now })
    .where('id', '=', videoId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface PublishedFacts {
  durationSeconds: number;
  width: number;
  height: number;
  rungsJson: string;
  /** The replaced video's captions were copied to this one. */
  hasCaptions: boolean;
}

/**
 * Marks the job ready and makes it the lesson's video in one transaction; the replaced video's row goes.
 * A live session's recording has no lesson: the session's other ready recording (the replaced one) goes.
 * Answers the replaced video's id (its files are the caller's to remove), or `gone` when the job's row
 * was deleted meanwhile (the lesson or its video deleted): its fresh outputs are then the caller's to remove;
 * `gone: 'lost'` when the row is another run's now (this run's lease ran out): nothing is the caller's.
 */
export async function publishVideo(
  db: Db,
  videoId: string,
  attempt: number,
  facts: PublishedFacts,
  now: string,
): Promise<{ gone: true | 'lost' } | { gone: false; replaced: string | null }> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('lesson_videos')
      .set({
        status: 'ready',
        progress: 100,
        eta_seconds: 0,
        error: null,
        source_path: null,
        duration_seconds: facts.durationSeconds,
        width: facts.width,
        height: facts.height,
        rungs_json: facts.rungsJson,
        ...(facts.hasCaptions ? { has_captions: 1 } : {}),
        finished_at: now,
        updated_at: now,
      })
      .where(ownRun(videoId, attempt))
      .returning(['lesson_id', 'live_session_id'])
      .executeTakeFirst();
    if (!updated) {
      const still = await trx.selectFrom('lesson_videos').select('id').where('id', '=', videoId).executeTakeFirst();
      return { gone: still ? ('lost' as const) : (true as const) };
    }
    if (updated.live_session_id !== null) {
      const older = await trx
        .selectFrom('lesson_videos')
        .select('id')
        .where('live_session_id', '=', updated.live_session_id)
        .where('status', '=', 'ready')
        .where('id', '<>', videoId)
        .executeTakeFirst();
      if (older) await trx.deleteFrom('lesson_videos').where('id', '=', older.id).execute();
      return { gone: false as const, replaced: older?.id ?? null };
    }
    if (updated.lesson_id === null) return { gone: true as const };
    const lesson = await trx
      .selectFrom('course_lessons')
      .select('video_id')
      .where('id', '=', updated.lesson_id)
      .executeTakeFirst();
    if (!lesson) return { gone: true as const };
    await trx.updateTable('course_lessons').set({ video_id: videoId }).where('id', '=', updated.lesson_id).execute();
    const replaced = lesson.video_id && lesson.video_id !== videoId ? lesson.video_id : null;
    if (replaced) await trx.deleteFrom('lesson_videos').where('id', '=', replaced).execute();
    return { gone: false as const, replaced };
  });
}

/** The lesson plays no video any more; its upload rows are deleted. Run it in the caller's transaction. */
export async function clearLessonVideos(trx: Db, lessonId: string): Promise<void> {
  await trx.updateTable('course_lessons').set({ video_id: null }).where('id', '=', lessonId).execute();
  await trx.deleteFrom('lesson_videos').where('lesson_id', '=', lessonId).execute();
}

/** The live session has no recording any more: its upload rows are deleted. Run it in the caller's transaction. */
export async function clearRecordingVideos(trx: Db, liveSessionId: string): Promise<void> {
  await trx.deleteFrom('lesson_videos').where('live_session_id', '=', liveSessionId).execute();
}

export async function markCaptions(db: Db, videoId: string, now: string): Promise<void> {
  await db.updateTable('lesson_videos').set({ has_captions: 1, updated_at: now }).where('id', '=', videoId).execute();
}

/** Which of these ids still have a row (the rest are orphans whose files may go). */
export async function existingVideoIds(db: Db, videoIds: readonly string[]): Promise<Set<string>> {
  if (videoIds.length === 0) return new Set();
  const rows = await db.selectFrom('lesson_videos').select('id').where('id', 'in', videoIds).execute();
  return new Set(rows.map((row) => row.id));
}

/** A demo lesson given a clip of our own becomes a video lesson (make-demo-clips.ts). */
export async function markVideoLesson(db: Db, lessonId: string): Promise<void> {
  await db.updateTable('course_lessons').set({ kind: 'video' }).where('id', '=', lessonId).execute();
}
