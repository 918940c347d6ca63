import { messages, type resetPasswordRequest } from '@shop/shared';
import type { z } from 'zod';
import { isCommonPassword } from '../../auth/common-passwords.js';
import { consumeLinkToken } from '../../auth/link-tokens.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeUserSessions } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserById, type UserRow, updateUser } from './repo.js';

type ResetPasswordInput = z.output<typeof resetPasswordRequest>;

/**
 * The reset landing page's submit: consumes the mailed token (single use, 30 minutes; never on the
 * page's load, since mail scanners follow links), sets the new password and ends every session of
 * the account; the caller then signs in (routes.ts).
 *
 * The link proves the mailbox, so it also verifies a never-verified address. That is the
 * pre-hijacking case of sign-in-with-link.ts and decision 0014: whatever password a stranger set
 * before the owner's first proof is replaced here by the owner's own, and the sessions end.
 * The common-password rule is checked before the token is used, so a refused password leaves the
 * link working.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, ip: string, now = new Date()): Promise<UserRow> {
  if (isCommonPassword(input.password)) {
    throw new AppError('bad_request', messages.passwordTooCommon, { password: messages.passwordTooCommon });
  }
  const passwordHash = await hashPassword(input.password, ip);
  const consumed = await consumeLinkToken(db, input.token, ['reset_password'], now);
  if (!consumed) throw new AppError('bad_request', messages.resetLinkInvalid);
  const user = await findUserById(db, consumed.userId);
  if (user?.status !== 'active') throw new AppError('forbidden', messages.accountUnavailable);
  const verifiedAt = user.email_verified_at ?? now.toISOString();
  await updateUser(db, user.id, { password_hash: passwordHash, email_verified_at: verifiedAt }, now);
  await revokeUserSessions(db, user.id);
  return { ...user, password_hash: passwordHash, email_verified_at: verifiedAt };
}
