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
