import { type Kysely, sql } from 'kysely';

const columns = 'id, token_hash, user_id, purpose, created_at, expires_at, used_at';

/**
 * E-mailed links gain two purposes: a password reset and the confirmation of an account's deletion.
 * The purpose's check constraint is part of the table on SQLite, so the table is rebuilt (the same
 * steps work on PostgreSQL).
 */
async function rebuild(db: Kysely<unknown>, purposes: readonly string[]): Promise<void> {
  const allowed = sql.join(purposes.map((purpose) => sql.lit(purpose)));
  await db.schema
    .createTable('auth_tokens_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in (${allowed})`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await sql`insert into auth_tokens_next (${sql.raw(columns)}) select ${sql.raw(columns)} from auth_tokens where purpose in (${allowed})`.execute(
    db,
  );
  await db.schema.dropTable('auth_tokens').execute();
  await db.schema.alterTable('auth_tokens_next').renameTo('auth_tokens').execute();
  await db.schema.createIndex('auth_tokens_user_purpose').on('auth_tokens').columns(['user_id', 'purpose']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, ['verify_email', 'sign_in', 'reset_password', 'delete_account']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, ['verify_email', 'sign_in']);
}
