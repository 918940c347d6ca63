import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { optional, references, timestamps, withDefaults } from './table-columns.js';

/**
 * Issue 15: a lesson's own video. Every upload is one `lesson_videos` row, which is also its
 * transcode job (the queue is this table, so a restart picks queued and interrupted jobs up again):
 * `queued` -> `running` -> `ready` or `failed` (with ffmpeg's reason in `error`; a retry queues it
 * again). `course_lessons.video_id` names the ready video the lesson plays; a replacement only takes
 * its place once it is ready, so the old one keeps playing meanwhile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'lesson_videos')
    .$call(references({ lesson_id: 'course_lessons.id' }, 'cascade'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('queued', 'running', 'ready', 'failed')`))
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
    .$call(optional('text', 'started_at', 'finished_at'))
    .execute();
  await createIndex(db, 'lesson_videos_lesson', 'lesson_videos', ['lesson_id']);
  await createIndex(db, 'lesson_videos_queue', 'lesson_videos', ['status', 'created_at']);
  await db.schema.alterTable('course_lessons').addColumn('video_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('course_lessons').dropColumn('video_id').execute();
  await db.schema.dropTable('lesson_videos').execute();
}
