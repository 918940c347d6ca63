import { emailField, messages, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, usernameField } from '@shop/shared';
import { z } from 'zod';
import { isCommonPassword } from '../../auth/common-passwords.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserByEmail, insertUser, isUsernameTaken, updateUser } from './repo.js';

const createAdminInput = z.object({
  email: emailField,
  password: z
    .string()
    .min(PASSWORD_MIN, messages.passwordTooShort)
    .max(PASSWORD_MAX, messages.passwordTooLong)
    .refine((password) => !isCommonPassword(password), messages.passwordTooCommon)
    .optional(),
  username: z.optional(usernameField),
});

/**
 * The operator's way in: creates a verified admin account, or promotes an existing account (setting
 * its password too when one is given). Returns what it did, for the command line.
 */
export async function createAdmin(
  db: Db,
  options: { email?: string; password?: string; username?: string },
): Promise<'created' | 'promoted'> {
  const parsed = createAdminInput.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('bad_request', `--${String(issue?.path[0] ?? 'email')}: ${issue?.message ?? 'is not valid'}`);
  }
  const { email, password, username } = parsed.data;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await updateUser(db, existing.id, {
      role: 'admin',
      // The operator vouches for the address: an admin must be able to sign in with the password.
      email_verified_at: existing.email_verified_at ?? new Date().toISOString(),
      ...(password ? { password_hash: await hashPassword(password) } : {}),
    });
    return 'promoted';
  }
  if (!password) {
    throw new AppError(
      'bad_request',
      `--password is required for a new account (${PASSWORD_MIN} to ${PASSWORD_MAX} characters)`,
    );
  }
  const name = username ?? (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, USERNAME_MAX);
  if (!name || (await isUsernameTaken(db, name))) {
    throw new AppError('conflict', `The username "${name}" is not available; choose one with --username`);
  }
  await insertUser(db, {
    username: name,
    email,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date().toISOString(),
    role: 'admin',
  });
  return 'created';
}
