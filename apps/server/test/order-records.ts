import { vi } from 'vitest';
import type { Db } from '../src/db/database.js';
import { outboxMails } from './dev-outbox.js';
import type { TestApp } from './helpers.js';

type EventColumn = 'from_status' | 'to_status' | 'source' | 'note';
type MailColumn = 'subject' | 'text_body' | 'html_body' | 'sent_at' | 'attachments_json';

/**
 * The chosen columns of an order's history rows; when given, only those into `toStatus`, written by
 * `source`, or whose note is like `noteLike` (an SQL LIKE pattern), sorted by the columns of `orderBy`.
 */
export function orderEvents<C extends EventColumn>(
  db: Db,
  orderId: string,
  columns: readonly C[],
  where: { toStatus?: string; source?: string; noteLike?: string } = {},
  orderBy: readonly ('created_at' | 'to_status' | 'id')[] = [],
) {
  let query = db
    .selectFrom('order_events')
    .select(columns as C[])
    .where('order_id', '=', orderId);
  if (where.toStatus) query = query.where('to_status', '=', where.toStatus);
  if (where.source) query = query.where('source', '=', where.source);
  if (where.noteLike) query = query.where('note', 'like', where.noteLike);
  for (const column of orderBy) query = query.orderBy(column);
  return query.execute();
}

/** The chosen columns of the e-mails queued for this address, sent or not; when given, only those whose subject is like `subjectLike`. */
export function mailsQueued<C extends MailColumn>(db: Db, email: string, columns: readonly C[], subjectLike?: string) {
  let query = db
    .selectFrom('mail_outbox')
    .select(columns as C[])
    .where('to_address', '=', email);
  if (subjectLike) query = query.where('subject', 'like', subjectLike);
  return query.execute();
}

/** The chosen columns of the refund e-mails queued for this buyer, sent or not. */
export function refundMailsQueued<C extends MailColumn>(db: Db, email: string, columns: readonly C[]) {
  return mailsQueued(db, email, columns, '%has been refunded');
}

/**
 * The refund e-mails delivered to this buyer (from the dev outbox, bodies decoded), once every one queued
 * for them has left: a sent mail's body is not kept in the queue, and a mail with a PDF may wait for the
 * next second's budget of attached mails, so this delivers (also mails queued with a later clock, as
 * reconciliation passes with `now` ahead) and waits until the count matches.
 */
export async function deliveredRefundMails(t: TestApp, email: string): Promise<string[]> {
  const queued = (await refundMailsQueued(t.database.db, email, ['subject'])).length;
  return vi.waitFor(
    async () => {
      await t.app.deps.mail.deliverPending(new Date(Date.now() + 24 * 3_600_000));
      const mails = (await outboxMails(t)).filter(
        (mail) => mail.includes(`To: ${email}`) && /Subject: .*has been refunded/.test(mail),
      );
      if (mails.length < queued) throw new Error(`${mails.length} of ${queued} refund mails to ${email} delivered`);
      return mails;
    },
    { timeout: 10_000, interval: 100 },
  );
}
