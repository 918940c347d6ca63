import type { Db } from '../../db/database.js';
import type { OrderStatus } from '../../db/schema.js';
import { insertOrderEventRow, type OrderEventSource } from './repo.js';

export type { OrderEventSource } from './repo.js';

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
  await insertOrderEventRow(db, { orderId, from, to, source, note, now: now.toISOString() });
}
