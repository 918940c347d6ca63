import type { Db } from '../../db/database.js';
import type { OrderStatus } from '../../db/schema.js';
import { newId } from '../../ids.js';

export type OrderEventSource = 'checkout' | 'verify' | 'webhook' | 'reconcile' | 'admin' | 'free';

/** One row of an order's status history, as the operator's console shows it. */
export async function recordOrderEvent(
  db: Db,
  orderId: string,
  from: OrderStatus | null,
  to: OrderStatus,
  source: OrderEventSource,
  note = '',
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      id: newId(),
      order_id: orderId,
      from_status: from,
      to_status: to,
      source,
      note,
      created_at: now.toISOString(),
    })
    .execute();
}
