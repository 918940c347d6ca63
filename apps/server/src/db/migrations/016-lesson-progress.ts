import type { Kysely } from 'kysely';
import { createIndex } from './schema-statements.js';
import { references, required, withDefaults } from './table-columns.js';

/**
 * Issue 14: one row per (learner, lesson) they have opened: the last position and, once reached,
 * when it was completed (never cleared by a later save). The learner's last lesson in a course is
 * the row of that course updated last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lesson_progress')
    .$call(references({ user_id: 'users.id', lesson_id: 'course_lessons.id', course_id: 'courses.id' }, 'cascade'))
    .$call(withDefaults('integer', { position_seconds: 0 }))
    .addColumn('completed_at', 'text')
    .$call(required('text', 'updated_at'))
    .addPrimaryKeyConstraint('lesson_progress_pk', ['user_id', 'lesson_id'])
    .execute();
  await createIndex(db, 'lesson_progress_course', 'lesson_progress', ['user_id', 'course_id', 'updated_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lesson_progress').execute();
}
