import { messages } from '@shop/shared';
import { consumeLinkToken } from '../../auth/link-tokens.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserById, type UserRow, updateUser } from './repo.js';

/**
 * Consumes an e-mailed verification or sign-in token and returns its user. Either kind proves the
 * user reads that mailbox, so either marks the address verified.
 */
export async function signInWithLink(db: Db, token: string, now = new Date()): Promise<UserRow> {
  const consumed = await consumeLinkToken(db, token, ['verify_email', 'sign_in'], now);
  if (!consumed) throw new AppError('bad_request', messages.linkInvalid);
  const user = await findUserById(db, consumed.userId);
  if (user?.status !== 'active') throw new AppError('forbidden', messages.accountUnavailable);
  if (!user.email_verified_at) {
    user.email_verified_at = now.toISOString();
    await updateUser(db, user.id, { email_verified_at: user.email_verified_at }, now);
  }
  return user;
}
