import type { Kysely } from 'kysely';
import { createKeyedTable } from './schema-statements.js';
import { required } from './table-columns.js';

/**
 * The shop's tax settings as the operator saved them in the console (issue 16): one row, its settings
 * as JSON. With no row the TAX_* environment values apply, so a fresh start needs nothing here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'tax_settings')
    .$call(required('text', 'data', 'updated_at', 'updated_by'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_settings').execute();
}
