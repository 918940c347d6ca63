import type { Db } from '../src/db/database.js';

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
