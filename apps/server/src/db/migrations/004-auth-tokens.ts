import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { references, required } from './table-columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // E-mailed link tokens: only their SHA-256 is kept, each tied to one user and one purpose, used once.
  await createKeyedTable(db, 'auth_tokens')
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('verify_email', 'sign_in')`))
    .$call(required('text', 'created_at', 'expires_at'))
    .addColumn('used_at', 'text')
    .execute();
  await createIndex(db, 'auth_tokens_user_purpose', 'auth_tokens', ['user_id', 'purpose']);

  // Fixed-window counters for sign-in failures and mail-sending calls; in the database so that
  // every server process shares them and a restart does not reset them.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .$call(required('integer', 'count'))
    .$call(required('text', 'window_ends_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'rate_limits', 'auth_tokens');
}
