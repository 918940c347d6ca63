import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { optional, references, required, timestamps } from './table-columns.js';

/**
 * Issue 35: cohorts. A course may run in cohorts: a title, a start date (`starts_on`, an India date
 * YYYY-MM-DD), an optional seat limit (`seats`, null for no limit) and an optional last day of
 * enrolment (`enrol_until`, an India date, inclusive). `cohort_members` holds who took a seat: one row
 * per learner and cohort (the primary key), and at most one cohort per learner and course (the unique
 * index), written when the paid order is fulfilled (`order_id`) or by the console. The seats left are the
 * limit less the rows. The cart and the order remember the cohort the buyer picked (`cohort_id`, null
 * for a self-paced course), and a live session may be for one cohort (`live_sessions.cohort_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'cohorts')
    .$call(references({ course_id: 'courses.id' }))
    .$call(required('text', 'title', 'starts_on'))
    .$call(optional('integer', 'seats'))
    .$call(optional('text', 'enrol_until'))
    .$call(timestamps)
    .execute();
  await createIndex(db, 'cohorts_course', 'cohorts', ['course_id']);

  await db.schema
    .createTable('cohort_members')
    .$call(references({ cohort_id: 'cohorts.id' }, 'cascade'))
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'course_id', 'joined_at'))
    .$call(optional('text', 'order_id'))
    .addPrimaryKeyConstraint('cohort_members_pk', ['cohort_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('cohort_members_course_user')
    .unique()
    .on('cohort_members')
    .columns(['course_id', 'user_id'])
    .execute();

  await db.schema.alterTable('cart_items').addColumn('cohort_id', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('cohort_id', 'text').execute();
  await db.schema
    .alterTable('live_sessions')
    .addColumn('cohort_id', 'text', (col) => col.references('cohorts.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_sessions').dropColumn('cohort_id').execute();
  await db.schema.alterTable('order_lines').dropColumn('cohort_id').execute();
  await db.schema.alterTable('cart_items').dropColumn('cohort_id').execute();
  await dropTables(db, 'cohort_members', 'cohorts');
}
