import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import { hashToken, newToken } from './tokens.js';

export type LinkPurpose = 'verify_email' | 'sign_in' | 'reset_password' | 'delete_account';

/** How long each kind of e-mailed link works (security.md). */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  sign_in: 15 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
  delete_account: 30 * 60 * 1000,
};

/**
 * A new single-use link token for one user and one purpose; only its hash is stored. Older unused
 * tokens of the same purpose stop working, so only the latest mail's link signs in.
 */
export async function issueLinkToken(db: Db, userId: string, purpose: LinkPurpose, now = new Date()): Promise<string> {
  const token = newToken();
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
  await db
    .insertInto('auth_tokens')
    .values({
      id: newId(),
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LINK_TTL_MS[purpose]).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The token's row, if it is unused, unexpired and meant for one of `purposes`. */
function stillUsable(
  eb: ExpressionBuilder<Database, 'auth_tokens'>,
  token: string,
  purposes: readonly LinkPurpose[],
  now: Date,
) {
  return eb.and([
    eb('token_hash', '=', hashToken(token)),
    eb('used_at', 'is', null),
    eb('expires_at', '>', now.toISOString()),
    eb('purpose', 'in', [...purposes]),
  ]);
}

type LinkTokenLookup = <P extends LinkPurpose>(
  db: Db,
  token: string,
  purposes: readonly P[],
  now?: Date,
) => Promise<{ userId: string; purpose: P } | null>;

/**
 * Marks the token used and returns its user and purpose, or null when it is unknown, expired, already
 * used or meant for another purpose. One conditional UPDATE: of two concurrent uses, exactly one wins.
 */
export const consumeLinkToken: LinkTokenLookup = async (db, token, purposes, now = new Date()) => {
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: now.toISOString() })
    .where((eb) => stillUsable(eb, token, purposes, now))
    .returning(['user_id', 'purpose'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, purpose: row.purpose as (typeof purposes)[number] } : null;
};

/**
 * The user and purpose of a token that would still work, without using it up: the landing page asks
 * before the click that consumes it.
 */
export const peekLinkToken: LinkTokenLookup = async (db, token, purposes, now = new Date()) => {
  const row = await db
    .selectFrom('auth_tokens')
    .select(['user_id', 'purpose'])
    .where((eb) => stillUsable(eb, token, purposes, now))
    .executeTakeFirst();
  return row ? { userId: row.user_id, purpose: row.purpose as (typeof purposes)[number] } : null;
};

/** Every unused link of a user stops working (a pending sign-up replaced by a new one). */
export async function dropLinkTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Every link token of a user goes, used or not (the account is deleted: nothing of it may be kept). */
export async function eraseLinkTokensOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
}

/** Drops tokens that can no longer be used (expired or used more than a day ago). */
export async function pruneLinkTokens(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('used_at', '<=', dayAgo)]))
    .execute();
}
