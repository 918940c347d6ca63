import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deleteSubscriber, findSubscription } from './repo.js';

/** Whether (and since when) the learner's address gets the newsletter, for their data export. */
export async function exportSubscriptionOf(db: Db, email: string): Promise<MyDataExport['newsletter']> {
  const since = await findSubscription(db, email);
  return { subscribed: since !== null, since };
}

/** Drops the address's subscription inside the account deletion's transaction. */
export function eraseSubscriptionOf(trx: Db, email: string): Promise<void> {
  return deleteSubscriber(trx, email);
}
