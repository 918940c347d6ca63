import { hashToken } from '../../auth/tokens.js';
import type { Db } from '../../db/database.js';
import {
  confirmSubscriber,
  deleteSubscriber,
  deleteSubscriberByToken,
  findSubscription,
  listConfirmedSubscribers,
} from './repo.js';

/** The mailed confirmation link (double opt-in): the confirmed address, or null for a bad or used token. */
export function confirmSubscription(db: Db, token: string, now = new Date()): Promise<string | null> {
  return confirmSubscriber(db, hashToken(token), now);
}

/** The mailed unsubscribe link: the address behind the token stops getting the newsletter (if any). */
export async function unsubscribeByToken(db: Db, token: string): Promise<void> {
  await deleteSubscriberByToken(db, token);
}

/** Whether the address gets the newsletter (the privacy centre's status). */
export async function isSubscribed(db: Db, email: string): Promise<boolean> {
  return (await findSubscription(db, email)) !== null;
}

/** The privacy centre's "withdraw marketing consent": the address stops getting the newsletter. */
export function unsubscribeAddress(db: Db, email: string): Promise<void> {
  return deleteSubscriber(db, email);
}

/** Every confirmed subscriber, for the console's list and its CSV. */
export function confirmedSubscribers(db: Db) {
  return listConfirmedSubscribers(db);
}
