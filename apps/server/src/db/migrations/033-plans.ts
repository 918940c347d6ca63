import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { nonNegative, references, required, timestamps, withDefaults } from './table-columns.js';

/**
 * Issue 34 (memberships): a plan charges a GST-inclusive price each period and includes every course or
 * the listed ones, live sessions and the community. The plans module owns `plans` and `plan_courses`.
 * `price_version` counts the changes of price or period: Razorpay's plans cannot change, so the
 * subscriptions made after a change need a new gateway plan, and those made before keep theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'plans')
    .$call(required('text', 'title', 'description', 'period'))
    .addColumn('thumb', 'text')
    .$call(nonNegative('price_paise'))
    .$call(withDefaults('integer', { trial_days: 0, all_courses: 0, live_sessions: 0, community: 0, published: 0 }))
    .$call(withDefaults('integer', { price_version: 1 }))
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable('plan_courses')
    .$call(references({ plan_id: 'plans.id' }, 'cascade'))
    .$call(references({ course_id: 'courses.id' }))
    .$call(required('integer', 'position'))
    .addPrimaryKeyConstraint('plan_courses_pk', ['plan_id', 'course_id'])
    .execute();
  await createIndex(db, 'plan_courses_course', 'plan_courses', ['course_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'plan_courses', 'plans');
}
