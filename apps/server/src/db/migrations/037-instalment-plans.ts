import type { Kysely } from 'kysely';
import { createIndex } from './schema-statements.js';

/**
 * Issue 34 (instalments, decision 0038): a course offered as N monthly payments is a hidden plan.
 * - `plans.kind`: 'membership' (listed at /memberships) or 'instalments' (never listed; its one course in
 *   `plan_courses`, so a payer opens it as a member would). `plans.total_count`: N for an instalment plan,
 *   null for a membership. `plans.instalment_course_id`: the course it sells, unique, so a course has one
 *   offer row (null for memberships; NULLs never collide, on SQLite or PostgreSQL).
 * - `subscriptions.total_count`: N when subscribed (a later change of the offer does not move it), null
 *   for an open-ended membership. `subscriptions.course_granted_at`: set once, in the transaction that
 *   enrols the buyer after the N-th charge, so replays enrol once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('membership'))
    .execute();
  await db.schema.alterTable('plans').addColumn('total_count', 'integer').execute();
  await db.schema
    .alterTable('plans')
    .addColumn('instalment_course_id', 'text', (col) => col.references('courses.id'))
    .execute();
  await db.schema.createIndex('plans_instalment_course').unique().on('plans').column('instalment_course_id').execute();
  await db.schema.alterTable('subscriptions').addColumn('total_count', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('course_granted_at', 'text').execute();
  await createIndex(db, 'subscriptions_course_to_grant', 'subscriptions', ['status', 'course_granted_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_course_to_grant').execute();
  await db.schema.alterTable('subscriptions').dropColumn('course_granted_at').execute();
  await db.schema.alterTable('subscriptions').dropColumn('total_count').execute();
  await db.schema.dropIndex('plans_instalment_course').execute();
  await db.schema.alterTable('plans').dropColumn('instalment_course_id').execute();
  await db.schema.alterTable('plans').dropColumn('total_count').execute();
  await db.schema.alterTable('plans').dropColumn('kind').execute();
}
