import { randomInt } from 'node:crypto';
import { messages, USERNAME_MAX } from '@shop/shared';
import type { GoogleIdentity } from '../../auth/google.js';
import { revokeUserSessions } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  isUniqueViolation,
  isUsernameTaken,
  type UserRow,
  updateUser,
} from './repo.js';

export type GoogleOutcome = { user: UserRow } | { refused: string };

/** A username from the Google profile: the allowed characters of the name (or the address), unique. */
async function chooseUsername(db: Db, identity: GoogleIdentity): Promise<string> {
  const source = identity.name || identity.email?.split('@')[0] || '';
  const base =
    source
      .replace(/[^\p{L}\p{N} ._-]/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, USERNAME_MAX) || 'learner';
  if (!(await isUsernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${base.slice(0, USERNAME_MAX - 5)} ${randomInt(1000, 10_000)}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  return `${base.slice(0, USERNAME_MAX - 9)} ${randomInt(10_000_000, 100_000_000)}`;
}

/**
 * The account for a verified Google ID token. Identities are keyed on `sub`. An existing account with
 * the same address is linked only when Google says the address is verified; a new account is made
 * only for a verified address, so nobody gets an account for a mailbox they have not proven.
 */
export async function signInWithGoogle(db: Db, identity: GoogleIdentity, retried = false): Promise<GoogleOutcome> {
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return linked.status === 'active' ? { user: linked } : { refused: messages.accountUnavailable };
  if (!identity.email) return { refused: messages.googleFailed };

  // An address Google has not verified proves nothing about the mailbox: the answer is the same whether
  // or not an account has it, so this callback cannot be used to learn which addresses have accounts.
  if (!identity.emailVerified) return { refused: messages.googleEmailUnverified };
  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.google_sub) return { refused: messages.googleEmailInUse };
    if (byEmail.status !== 'active') return { refused: messages.accountUnavailable };
    const now = new Date().toISOString();
    await updateUser(db, byEmail.id, {
      google_sub: identity.sub,
      email_verified_at: byEmail.email_verified_at ?? now,
      // A password set on a never-verified account may be an attacker's who signed up first with this
      // address; the mailbox owner, now proven by Google, must not share the account with them.
      password_hash: byEmail.email_verified_at ? byEmail.password_hash : null,
    });
    if (!byEmail.email_verified_at) await revokeUserSessions(db, byEmail.id);
    return { user: { ...byEmail, google_sub: identity.sub } };
  }

  try {
    const user = await insertUser(db, {
      username: await chooseUsername(db, identity),
      email: identity.email,
      passwordHash: null,
      emailVerifiedAt: new Date().toISOString(),
      googleSub: identity.sub,
    });
    return { user };
  } catch (error) {
    // A concurrent callback for the same person (or a username race): look again once.
    if (!isUniqueViolation(error) || retried) throw error;
    return signInWithGoogle(db, identity, true);
  }
}
