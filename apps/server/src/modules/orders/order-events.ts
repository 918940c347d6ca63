import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { OrderStatus } from '../../db/schema.js';
import { newId } from '../../ids.js';

export type OrderEventSource = 'checkout' | 'verify' | 'webhook' | 'reconcile' | 'admin' | 'free';

const insertOrderEvent = preparedQuery<{
  id: string;
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  source: OrderEventSource;
  note: string;
  now: string;
}>()((db, value) =>
  db.insertInto('order_events').values({
    // Stryker disable next-line StringLiteral: SQLite lets a TEXT PRIMARY KEY be NULL and nothing reads an event's id; on PostgreSQL the insert fails
    id: value('id'),
    order_id: value('orderId'),
    from_status: value('from'),
    to_status: value('to'),
    source: value('source'),
    note: value('note'),
    created_at: value('now'),
  }),
);

/** One row of an order's status history, as the operator's console shows it. */
export async function recordOrderEvent(
  db: Db,
  orderId: string,
  from: OrderStatus | null,
  to: OrderStatus,
  source: OrderEventSource,
  note: string,
  now = new Date(),
): Promise<void> {
  await insertOrderEvent.execute(db, { id: newId(), orderId, from, to, source, note, now: now.toISOString() });
}
