import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';

/** Adds the address once; a second sign-up of the same address (in any letter case) changes nothing. */
export async function insertSubscriber(db: Db, email: string, now = new Date()): Promise<void> {
  await db
    .insertInto('newsletter_subscribers')
    .values({ id: newId(), email, email_lower: email.toLowerCase(), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('email_lower').doNothing())
    .execute();
}

/** When the address subscribed, or null. */
export async function findSubscription(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select('created_at')
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** Withdraws the address's consent: its subscription row is deleted. */
export async function deleteSubscriber(db: Db, email: string): Promise<void> {
  await db.deleteFrom('newsletter_subscribers').where('email_lower', '=', email.toLowerCase()).execute();
}
