import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';

/**
 * Records a sign-up awaiting confirmation, or gives a pending one a fresh confirmation token. Returns
 * false for an address already confirmed, whose row is left as it is.
 */
export async function savePendingSubscriber(
  db: Db,
  email: string,
  tokenHash: string,
  expiresAt: string,
  unsubscribeToken: string,
  now: Date,
): Promise<boolean> {
  const pending = { confirm_token_hash: tokenHash, confirm_expires_at: expiresAt };
  const rows = await db
    .insertInto('newsletter_subscribers')
    .values({
      id: newId(),
      email,
      email_lower: email.toLowerCase(),
      created_at: now.toISOString(),
      confirmed_at: null,
      unsubscribe_token: unsubscribeToken,
      ...pending,
    })
    .onConflict((oc) =>
      oc.column('email_lower').doUpdateSet(pending).where('newsletter_subscribers.confirmed_at', 'is', null),
    )
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Confirms the subscription the token belongs to, once, before it expires; returns the address or null. */
export async function confirmSubscriber(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('newsletter_subscribers')
    .set({ confirmed_at: now.toISOString(), confirm_token_hash: null, confirm_expires_at: null })
    .where('confirm_token_hash', '=', tokenHash)
    .where('confirm_expires_at', '>', now.toISOString())
    .where('confirmed_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Ends the subscription the unsubscribe token belongs to; true when there was one. */
export async function deleteSubscriberByToken(db: Db, unsubscribeToken: string): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletter_subscribers')
    .where('unsubscribe_token', '=', unsubscribeToken)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every confirmed subscriber, with the token of their unsubscribe link. */
export function listConfirmedSubscribers(db: Db) {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'unsubscribe_token', 'confirmed_at'])
    .where('confirmed_at', 'is not', null)
    .orderBy('confirmed_at')
    .execute();
}

/** When the address confirmed its subscription, or null (not subscribed, or not confirmed yet). */
export async function findSubscription(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select('confirmed_at')
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.confirmed_at ?? null;
}

/** Withdraws the address's consent (or its pending sign-up): its subscription row is deleted. */
export async function deleteSubscriber(db: Db, email: string): Promise<void> {
  await db.deleteFrom('newsletter_subscribers').where('email_lower', '=', email.toLowerCase()).execute();
}
