import type { Kysely } from 'kysely';
import { createKeyedTable } from './schema-statements.js';
import { references, required } from './table-columns.js';

/**
 * Certificates (issue 14): one per (learner, course), issued when the last lesson is completed. What it
 * prints (name, course title, instructor, date) is frozen at issue, so a later rename of the course or
 * the learner never changes an issued certificate. `id` is the random public id in its verification URL.
 * `users.certificate_name` is the name the learner chose to print; without it, their username.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'certificates')
    .$call(references({ user_id: 'users.id', course_id: 'courses.id' }, 'cascade'))
    .$call(required('text', 'printed_name', 'course_title', 'instructor', 'completed_at'))
    .addUniqueConstraint('certificates_user_course', ['user_id', 'course_id'])
    .execute();
  await db.schema.alterTable('users').addColumn('certificate_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('certificate_name').execute();
  await db.schema.dropTable('certificates').execute();
}
