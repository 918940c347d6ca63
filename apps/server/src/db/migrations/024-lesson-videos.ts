import { type Kysely, sql } from 'kysely';

/**
 * Issue 15: a lesson's own video. Every upload is one `lesson_videos` row, which is also its
 * transcode job (the queue is this table, so a restart picks queued and interrupted jobs up again):
 * `queued` -> `running` -> `ready` or `failed` (with ffmpeg's reason in `error`; a retry queues it
 * again). `course_lessons.video_id` names the ready video the lesson plays; a replacement only takes
 * its place once it is ready, so the old one keeps playing meanwhile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lesson_videos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('lesson_id', 'text', (col) => col.notNull().references('course_lessons.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('queued', 'running', 'ready', 'failed')`))
    .addColumn('source_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('source_path', 'text')
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('eta_seconds', 'integer')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'real')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('rungs_json', 'text')
    .addColumn('has_captions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('lesson_videos_lesson').on('lesson_videos').column('lesson_id').execute();
  await db.schema.createIndex('lesson_videos_queue').on('lesson_videos').columns(['status', 'created_at']).execute();
  await db.schema.alterTable('course_lessons').addColumn('video_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('course_lessons').dropColumn('video_id').execute();
  await db.schema.dropTable('lesson_videos').execute();
}
