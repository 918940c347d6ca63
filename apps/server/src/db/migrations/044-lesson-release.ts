import type { Kysely } from 'kysely';

const TABLES = ['course_sections', 'course_lessons'] as const;

/**
 * Issue 35: scheduled release (drip). Each section and lesson carries its release rule: `release_kind`
 * ('immediate', 'afterEnrolment', 'afterCohortStart' or 'onDate'), `release_days` (the N of the two
 * relative kinds) and `release_date` (an India date YYYY-MM-DD for 'onDate', else null). Existing rows
 * are open at once. No opening instant is stored: it is worked out per learner from the enrolment or the
 * cohort's `starts_on`, so moving a cohort moves its releases.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('release_date').execute();
    await db.schema.alterTable(table).dropColumn('release_days').execute();
    await db.schema.alterTable(table).dropColumn('release_kind').execute();
  }
}
