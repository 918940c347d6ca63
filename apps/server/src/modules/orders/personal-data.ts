import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deleteRedemptionsOf } from '../coupons/index.js';
import { recordOrderEvent } from './order-events.js';
import { expireUnpaidOrder, findDisclaimerAcceptances, findOpenOrders } from './repo.js';

/** What the learner agreed to at checkout, with the order and the moment, for their data export. */
export async function exportConsentsOf(db: Db, userId: string): Promise<MyDataExport['consents']> {
  return (await findDisclaimerAcceptances(db, userId)).map((row) => ({
    kind: 'education-only-disclaimer' as const,
    orderId: row.id,
    givenAt: row.disclaimer_accepted_at ?? '',
  }));
}

/**
 * Account deletion: the learner's orders still awaiting payment expire, as a superseded checkout's do,
 * and free their coupon reservations. The orders themselves stay (a payment may still arrive from an
 * open gateway window: fulfil-order.ts refunds it, decision 0015).
 */
export async function closeOpenOrdersOf(trx: Db, userId: string, now: Date): Promise<void> {
  for (const order of await findOpenOrders(trx, userId)) {
    if (!(await expireUnpaidOrder(trx, order.id, now.toISOString()))) continue;
    await deleteRedemptionsOf(trx, order.id);
    await recordOrderEvent(trx, order.id, order.status, 'expired', 'account', 'account deleted by the learner', now);
  }
}
