import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { optional, references, required, timestamps, withDefaults } from './table-columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'users')
    .$call(required('text', 'username', 'email'))
    .addColumn('email_lower', 'text', (col) => col.notNull().unique())
    .$call(optional('text', 'password_hash', 'email_verified_at'))
    .addColumn('google_sub', 'text', (col) => col.unique())
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('learner').check(sql`role in ('learner', 'admin')`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('active').check(sql`status in ('active', 'suspended', 'terminated')`),
    )
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('users_username_lower').on('users').expression(sql`lower(username)`).unique().execute();

  await createKeyedTable(db, 'sessions')
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'created_at', 'last_seen_at', 'expires_at'))
    .execute();
  await createIndex(db, 'sessions_user', 'sessions', ['user_id']);

  await createKeyedTable(db, 'mail_outbox')
    .$call(required('text', 'to_address', 'subject', 'text_body'))
    .addColumn('html_body', 'text')
    .$call(withDefaults('integer', { attempts: 0 }))
    .$call(required('text', 'next_attempt_at'))
    .$call(optional('text', 'sent_at', 'last_error'))
    .$call(required('text', 'created_at'))
    .execute();
  await createIndex(db, 'mail_outbox_pending', 'mail_outbox', ['sent_at', 'next_attempt_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'mail_outbox', 'sessions', 'users');
}
