import { messages, type signInRequest } from '@shop/shared';
import type { z } from 'zod';
import { issueLinkToken } from '../../auth/link-tokens.js';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/passwords.js';
import { clearLimit } from '../../auth/rate-limit.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { composeVerificationMail } from './account-mails.js';
import { accountLimits, enforceLimit, isWithinLimit } from './limits.js';
import { findUserByEmail, type UserRow, updateUser } from './repo.js';

type SignInInput = z.output<typeof signInRequest>;

export type PasswordSignIn = { user: UserRow } | { unverified: true; resentToken: string | null };

/**
 * Checks e-mail and password. Unknown addresses and wrong passwords get the same 401 after the same
 * argon2 work. The 11th attempt for one address from one IP within 15 minutes gets a 429, whatever
 * the password. Accounts whose e-mail is not verified are refused with a fresh verification link
 * (decision 0004), whose token the caller ties to this browser (auth/sign-up-proof.ts).
 */
export async function signInWithPassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  input: SignInInput,
  ip: string,
): Promise<PasswordSignIn> {
  const { db, config, mail } = deps;
  const limitKey = `signin:${input.email.toLowerCase()}|${ip}`;
  await enforceLimit(db, limitKey, accountLimits.signInFailures);

  const user = await findUserByEmail(db, input.email);
  const matches = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user?.password_hash || !matches) throw new AppError('unauthorized', messages.invalidCredentials);
  await clearLimit(db, limitKey);

  if (user.status !== 'active') throw new AppError('forbidden', messages.accountUnavailable);
  if (!user.email_verified_at) {
    if (!(await isWithinLimit(db, `verify-resend:${user.email_lower}`, accountLimits.verificationResend))) {
      return { unverified: true, resentToken: null };
    }
    const token = await issueLinkToken(db, user.id, 'verify_email');
    const site = { siteName: config.siteName, publicUrl: config.publicUrl };
    await mail.send(composeVerificationMail(site, user.email, user.username, token));
    return { unverified: true, resentToken: token };
  }
  if (needsRehash(user.password_hash)) {
    await updateUser(db, user.id, { password_hash: await hashPassword(input.password) });
  }
  return { user };
}
