import type { Kysely } from 'kysely';
import { required } from './table-columns.js';

/**
 * Facts about the installation every process must agree on, such as the fingerprint of SHOP_SECRET
 * (auth/check-secret-fingerprint.ts). Never a secret itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_settings')
    .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
    .$call(required('text', 'value', 'created_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance_settings').execute();
}
