import { messages } from '@shop/shared';
import { consumeLinkToken, type LinkPurpose } from '../../auth/link-tokens.js';
import { revokeUserSessions } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserById, markVerified, type UserRow } from './repo.js';

export interface LinkSignIn {
  user: UserRow;
  purpose: LinkPurpose;
  /** This link verified the address and the password chosen before it was dropped. */
  passwordDropped: boolean;
}

/**
 * Consumes an e-mailed verification or sign-in token and returns its user. Either kind proves the
 * user reads that mailbox, so either marks the address verified.
 *
 * Pre-hijacking: a password set before the address was ever verified may be a stranger's who signed
 * up first with this address. At that first proof the password survives only when this is the
 * verification link opened in the browser that signed up (`signUpBrowser`, auth/sign-up-proof.ts);
 * otherwise it stops working. Every session the account had ends either way.
 */
export async function signInWithLink(
  db: Db,
  token: string,
  options: { signUpBrowser: boolean },
  now = new Date(),
): Promise<LinkSignIn> {
  const consumed = await consumeLinkToken(db, token, ['verify_email', 'sign_in'], now);
  if (!consumed) throw new AppError('bad_request', messages.linkInvalid);
  const user = await findUserById(db, consumed.userId);
  if (user?.status !== 'active') throw new AppError('forbidden', messages.accountUnavailable);
  let passwordDropped = false;
  if (!user.email_verified_at) {
    passwordDropped = user.password_hash !== null && !(consumed.purpose === 'verify_email' && options.signUpBrowser);
    await markVerified(db, user.id, passwordDropped, now);
    await revokeUserSessions(db, user.id);
    user.email_verified_at = now.toISOString();
    if (passwordDropped) user.password_hash = null;
  }
  return { user, purpose: consumed.purpose, passwordDropped };
}
