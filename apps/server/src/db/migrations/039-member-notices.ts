import type { Kysely } from 'kysely';
import { createKeyedTable } from './schema-statements.js';

/**
 * Issue 34 (membership e-mails): one row per notice sent to a member, keyed by its occasion, so each mail
 * is queued once whatever repeats (webhook replays, events out of order, two processes). `occasion` is the
 * charge's gateway payment id for a receipt, the cycle for a failed charge or a halt, 'start' for the
 * welcome, 'end' for the cancellation, the charge date for a renewal reminder. The row and its mail in
 * `mail_outbox` are written in one transaction; the unique key makes a second writer insert nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'member_notices')
    .addColumn('subscription_id', 'text', (col) => col.notNull().references('subscriptions.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('occasion', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('member_notices_once')
    .unique()
    .on('member_notices')
    .columns(['subscription_id', 'kind', 'occasion'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_notices').execute();
}
