import type { Kysely } from 'kysely';

/**
 * Queued mail may name documents to attach (issue 16: the invoice on the order confirmation, the
 * credit note on the refund notice). Only a reference is stored, as JSON; the mail pass renders the
 * PDF when it sends, outside the paying transaction and the request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('attachments_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments_json').execute();
}
