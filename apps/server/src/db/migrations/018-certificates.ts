import type { Kysely } from 'kysely';

/**
 * Certificates (issue 14): one per (learner, course), issued when the last lesson is completed. What it
 * prints (name, course title, instructor, date) is frozen at issue, so a later rename of the course or
 * the learner never changes an issued certificate. `id` is the random public id in its verification URL.
 * `users.certificate_name` is the name the learner chose to print; without it, their username.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('printed_name', 'text', (col) => col.notNull())
    .addColumn('course_title', 'text', (col) => col.notNull())
    .addColumn('instructor', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('certificates_user_course', ['user_id', 'course_id'])
    .execute();
  await db.schema.alterTable('users').addColumn('certificate_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('certificate_name').execute();
  await db.schema.dropTable('certificates').execute();
}
