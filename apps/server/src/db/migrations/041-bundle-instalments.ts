import type { Kysely } from 'kysely';

/**
 * Issue 34: a bundle may be offered in N monthly payments as a course may (decision 0038, addendum).
 * `plans.instalment_bundle_id`: the bundle an instalment plan sells, unique, so a bundle has one offer row
 * (null for memberships and for a course's offer; NULLs never collide, on SQLite or PostgreSQL). The
 * plan's `plan_courses` hold the bundle's courses as the offer was last saved: what a payer opens and,
 * after the N-th charge, owns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('instalment_bundle_id', 'text', (col) => col.references('bundles.id'))
    .execute();
  await db.schema.createIndex('plans_instalment_bundle').unique().on('plans').column('instalment_bundle_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('plans_instalment_bundle').execute();
  await db.schema.alterTable('plans').dropColumn('instalment_bundle_id').execute();
}
