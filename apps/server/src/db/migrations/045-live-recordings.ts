import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { optional, timestamps, withDefaults } from './table-columns.js';

/**
 * Issue 35, recordings: a past live session's recording is a video like a lesson's, made by the same
 * upload, queue and transcoder and served by the same signed playback, so its rows stay in `lesson_videos`
 * (the video module's one table of videos and jobs):
 * - `lesson_videos.lesson_id` becomes nullable and `live_session_id` (a reference to `live_sessions`) is
 *   added: exactly one of the two names the video's owner (a check).
 * - `live_sessions.recording_release_at`: when the session's recording opens to its audience (null: as soon
 *   as it is ready), set by the operator.
 * PostgreSQL alters the table in place; SQLite cannot drop a NOT NULL, so it rebuilds `lesson_videos`
 * (nothing references it) with every row and its indexes.
 */
const COLUMNS =
  'id, lesson_id, status, source_name, source_path, progress, eta_seconds, error, attempts, duration_seconds, width, height, rungs_json, has_captions, created_at, updated_at, started_at, finished_at';

function isSqlite(db: Kysely<unknown>): boolean {
  return !(db.getExecutor().adapter instanceof PostgresAdapter);
}

async function rebuildSqlite(db: Kysely<unknown>, withRecordings: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const table = createKeyedTable(trx, 'lesson_videos_next')
      .addColumn('lesson_id', 'text', (col) =>
        (withRecordings ? col : col.notNull()).references('course_lessons.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in ('queued', 'running', 'ready', 'failed')`),
      )
      .$call(withDefaults('text', { source_name: '' }))
      .addColumn('source_path', 'text')
      .$call(withDefaults('integer', { progress: 0 }))
      .addColumn('eta_seconds', 'integer')
      .addColumn('error', 'text')
      .$call(withDefaults('integer', { attempts: 0 }))
      .addColumn('duration_seconds', 'real')
      .$call(optional('integer', 'width', 'height'))
      .addColumn('rungs_json', 'text')
      .$call(withDefaults('integer', { has_captions: 0 }))
      .$call(timestamps)
      .$call(optional('text', 'started_at', 'finished_at'));
    // As PostgreSQL's alter adds it: the last column, with the one-owner check.
    if (withRecordings) {
      await table
        .addColumn('live_session_id', 'text', (col) => col.references('live_sessions.id').onDelete('cascade'))
        .addCheckConstraint('lesson_videos_one_owner', sql`(lesson_id is null) <> (live_session_id is null)`)
        .execute();
    } else await table.execute();
    const kept = withRecordings ? sql`` : sql` where lesson_id is not null`;
    await sql`insert into lesson_videos_next (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from lesson_videos${kept}`.execute(
      trx,
    );
    await trx.schema.dropTable('lesson_videos').execute();
    await trx.schema.alterTable('lesson_videos_next').renameTo('lesson_videos').execute();
    await createIndex(trx, 'lesson_videos_lesson', 'lesson_videos', ['lesson_id']);
    await createIndex(trx, 'lesson_videos_queue', 'lesson_videos', ['status', 'created_at']);
  });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuildSqlite(db, true);
  else {
    await sql`alter table lesson_videos alter column lesson_id drop not null`.execute(db);
    await db.schema
      .alterTable('lesson_videos')
      .addColumn('live_session_id', 'text', (col) => col.references('live_sessions.id').onDelete('cascade'))
      .execute();
    await db.schema
      .alterTable('lesson_videos')
      .addCheckConstraint('lesson_videos_one_owner', sql`(lesson_id is null) <> (live_session_id is null)`)
      .execute();
  }
  await createIndex(db, 'lesson_videos_live_session', 'lesson_videos', ['live_session_id']);
  await db.schema.alterTable('live_sessions').addColumn('recording_release_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_sessions').dropColumn('recording_release_at').execute();
  await db.schema.dropIndex('lesson_videos_live_session').execute();
  if (isSqlite(db)) return rebuildSqlite(db, false);
  await sql`delete from lesson_videos where lesson_id is null`.execute(db);
  await db.schema.alterTable('lesson_videos').dropConstraint('lesson_videos_one_owner').execute();
  await db.schema.alterTable('lesson_videos').dropColumn('live_session_id').execute();
  await sql`alter table lesson_videos alter column lesson_id set not null`.execute(db);
}
