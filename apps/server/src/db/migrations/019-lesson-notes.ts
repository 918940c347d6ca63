import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { references, required, timestamps } from './table-columns.js';

/**
 * Issue 14: a learner's private notes on a lesson. `position_seconds` is the second of the lesson
 * video the note was written at, null when no video was playing. The text is limited (2000
 * characters) by the API, and the count per learner and course (1000). A note goes with its
 * lesson, its course or its learner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'lesson_notes')
    .$call(references({ user_id: 'users.id', course_id: 'courses.id', lesson_id: 'course_lessons.id' }, 'cascade'))
    .addColumn('position_seconds', 'integer')
    .$call(required('text', 'text'))
    .$call(timestamps)
    .execute();
  await createIndex(db, 'lesson_notes_user_course', 'lesson_notes', ['user_id', 'course_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lesson_notes').execute();
}
