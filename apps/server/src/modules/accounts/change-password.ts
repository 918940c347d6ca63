import { type changePasswordRequest, messages } from '@shop/shared';
import type { z } from 'zod';
import { isCommonPassword } from '../../auth/common-passwords.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { revokeUserSessions } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { accountLimits, enforceLimit } from './limits.js';
import { findUserById, updateUser } from './repo.js';

type ChangePasswordInput = z.output<typeof changePasswordRequest>;

/**
 * A signed-in learner changes their password: the current one is required (a borrowed, unlocked
 * browser must not be enough to take the account), the new one must not be a common one, and every
 * session of the account ends; the caller then gets a fresh one (routes.ts). An account without a
 * password (link or Google only) sets one only through a reset link, which proves the mailbox.
 * Attempts are limited per account (the sign-in failure budget), so a stolen session cannot guess
 * the current password.
 */
export async function changePassword(db: Db, userId: string, input: ChangePasswordInput, ip: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', messages.pleaseLogIn);
  if (!user.password_hash) throw new AppError('bad_request', messages.noPasswordYet);
  if (isCommonPassword(input.password)) {
    throw new AppError('bad_request', messages.passwordTooCommon, { password: messages.passwordTooCommon });
  }
  await enforceLimit(db, `password-change:${user.id}`, accountLimits.signInFailures);
  if (!(await verifyPassword(user.password_hash, input.currentPassword, ip))) {
    throw new AppError('bad_request', messages.currentPasswordWrong, {
      currentPassword: messages.currentPasswordWrong,
    });
  }
  const passwordHash = await hashPassword(input.password, ip);
  await updateUser(db, user.id, { password_hash: passwordHash });
  await revokeUserSessions(db, user.id);
}
