import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { createIndex } from './schema-statements.js';

/**
 * Double opt-in for the newsletter (issue 16). A subscriber row is a subscription only once its
 * address confirmed it (`confirmed_at`); the confirmation link's token is stored hashed with its
 * expiry. `unsubscribe_token` goes into every newsletter's one-click unsubscribe link (RFC 8058); its
 * only power is to end that one subscription. Rows from before this migration were taken under the
 * old single opt-in form and are kept as confirmed. Queued mail gains extra headers (List-Unsubscribe).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema.alterTable('newsletter_subscribers');
  await table.addColumn('confirmed_at', 'text').execute();
  await table.addColumn('confirm_token_hash', 'text').execute();
  await table.addColumn('confirm_expires_at', 'text').execute();
  await table.addColumn('unsubscribe_token', 'text').execute();
  const rows = await sql<{ id: string }>`select id from newsletter_subscribers`.execute(db);
  for (const row of rows.rows) {
    await sql`update newsletter_subscribers set confirmed_at = created_at, unsubscribe_token = ${randomBytes(24).toString('base64url')} where id = ${row.id}`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('newsletter_subscribers_unsubscribe')
    .on('newsletter_subscribers')
    .column('unsubscribe_token')
    .unique()
    .execute();
  await createIndex(db, 'newsletter_subscribers_confirm', 'newsletter_subscribers', ['confirm_token_hash']);
  await db.schema.alterTable('mail_outbox').addColumn('headers_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('headers_json').execute();
  await db.schema.dropIndex('newsletter_subscribers_confirm').execute();
  await db.schema.dropIndex('newsletter_subscribers_unsubscribe').execute();
  for (const column of ['unsubscribe_token', 'confirm_expires_at', 'confirm_token_hash', 'confirmed_at'])
    await db.schema.alterTable('newsletter_subscribers').dropColumn(column).execute();
}
