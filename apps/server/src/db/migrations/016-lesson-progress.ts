import type { Kysely } from 'kysely';

/**
 * Issue 14: one row per (learner, lesson) they have opened: the last position and, once reached,
 * when it was completed (never cleared by a later save). The learner's last lesson in a course is
 * the row of that course updated last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lesson_progress')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (col) => col.notNull().references('course_lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pk', ['user_id', 'lesson_id'])
    .execute();
  await db.schema
    .createIndex('lesson_progress_course')
    .on('lesson_progress')
    .columns(['user_id', 'course_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lesson_progress').execute();
}
