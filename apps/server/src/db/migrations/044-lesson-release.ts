import type { Kysely } from 'kysely';
import { references, required } from './table-columns.js';

const TABLES = ['course_sections', 'course_lessons'] as const;

/**
 * Issue 35: scheduled release (drip). Each section and lesson carries its release rule: `release_kind`
 * ('immediate', 'afterEnrolment', 'afterCohortStart' or 'onDate'), `release_days` (the N of the two
 * relative kinds) and `release_date` (an India date YYYY-MM-DD for 'onDate', else null). Existing rows
 * are open at once. No opening instant is stored: it is worked out per learner from the enrolment or the
 * cohort's `starts_on`, so moving a cohort moves its releases. The daily digest of newly opened lessons:
 * `release_digests` holds one row per learner and India date (`india_date`, the primary key with the
 * learner), written in the transaction that queues that day's mail, so no learner is mailed twice a day;
 * `release_digest_optouts` the learners who turned the digest off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('release_kind', 'text', (col) => col.notNull().defaultTo('immediate'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('release_days', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn('release_date', 'text').execute();
  }
  await db.schema
    .createTable('release_digests')
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'india_date', 'sent_at'))
    .addPrimaryKeyConstraint('release_digests_pk', ['user_id', 'india_date'])
    .execute();
  await db.schema
    .createTable('release_digest_optouts')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .$call(required('text', 'created_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_digest_optouts').execute();
  await db.schema.dropTable('release_digests').execute();
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('release_date').execute();
    await db.schema.alterTable(table).dropColumn('release_days').execute();
    await db.schema.alterTable(table).dropColumn('release_kind').execute();
  }
}
