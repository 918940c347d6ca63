import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { references, required } from './table-columns.js';

const columns = 'id, token_hash, user_id, purpose, created_at, expires_at, used_at';

/**
 * E-mailed links gain two purposes: a password reset and the confirmation of an account's deletion.
 * The purpose's check constraint is part of the table on SQLite, so the table is rebuilt (the same
 * steps work on PostgreSQL).
 */
async function rebuild(db: Kysely<unknown>, purposes: readonly string[]): Promise<void> {
  const allowed = sql.join(purposes.map((purpose) => sql.lit(purpose)));
  await createKeyedTable(db, 'auth_tokens_next')
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in (${allowed})`))
    .$call(required('text', 'created_at', 'expires_at'))
    .addColumn('used_at', 'text')
    .execute();
  await sql`insert into auth_tokens_next (${sql.raw(columns)}) select ${sql.raw(columns)} from auth_tokens where purpose in (${allowed})`.execute(
    db,
  );
  await db.schema.dropTable('auth_tokens').execute();
  await db.schema.alterTable('auth_tokens_next').renameTo('auth_tokens').execute();
  await createIndex(db, 'auth_tokens_user_purpose', 'auth_tokens', ['user_id', 'purpose']);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, ['verify_email', 'sign_in', 'reset_password', 'delete_account']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, ['verify_email', 'sign_in']);
}
