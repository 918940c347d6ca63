import type { Kysely } from 'kysely';

/**
 * The shop's tax settings as the operator saved them in the console (issue 16): one row, its settings
 * as JSON. With no row the TAX_* environment values apply, so a fresh start needs nothing here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_settings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_settings').execute();
}
