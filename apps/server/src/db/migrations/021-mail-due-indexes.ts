import { type Kysely, sql } from 'kysely';
import { createIndex } from './schema-statements.js';

/**
 * The mail pass asks, after every purchase, for the oldest due plain mails and the oldest due mails with
 * attachments. With only `mail_outbox_pending (sent_at, next_attempt_at)` both questions read and sort
 * every unsent row, and during a sale the confirmations waiting for their PDF (paced, mailer.ts) are
 * thousands: each pass then cost milliseconds and grew with the queue. One partial index per question,
 * in the order it is asked (oldest first), lets each pass read just the rows it takes. The old index
 * goes: SQLite's planner kept choosing it (measured with 6,000 queued: 3.3 ms a pass with it, 0.06 ms
 * with the partial indexes alone), and no other question uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_pending').execute();
  const dueMails = [
    ['mail_outbox_due_plain', 'is'],
    ['mail_outbox_due_attached', 'is not'],
  ] as const;
  for (const [name, attachments] of dueMails) {
    await db.schema
      .createIndex(name)
      .on('mail_outbox')
      .column('created_at')
      .where(sql.ref('sent_at'), 'is', null)
      .where(sql.ref('attachments_json'), attachments, null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due_attached').execute();
  await db.schema.dropIndex('mail_outbox_due_plain').execute();
  await createIndex(db, 'mail_outbox_pending', 'mail_outbox', ['sent_at', 'next_attempt_at']);
}
