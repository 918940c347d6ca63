import type { Kysely } from 'kysely';

/**
 * Issue 14: a learner's private notes on a lesson. `position_seconds` is the second of the lesson
 * video the note was written at, null when no video was playing. The text is limited (2000
 * characters) by the API, and the count per learner and course (1000). A note goes with its
 * lesson, its course or its learner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lesson_notes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (col) => col.notNull().references('course_lessons.id').onDelete('cascade'))
    .addColumn('position_seconds', 'integer')
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_notes_user_course')
    .on('lesson_notes')
    .columns(['user_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lesson_notes').execute();
}
