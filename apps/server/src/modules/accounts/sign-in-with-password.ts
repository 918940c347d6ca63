import { messages, type signInRequest } from '@shop/shared';
import type { z } from 'zod';
import { issueLinkToken } from '../../auth/link-tokens.js';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/passwords.js';
import { clearLimit, hitLimit, holdLimit, readLimit } from '../../auth/rate-limit.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { composeVerificationMail } from './account-mails.js';
import { accountDelayMs, accountLimits, enforceLimit, isWithinLimit, TooManyAttemptsError } from './limits.js';
import { findUserByEmail, type UserRow, updateUser } from './repo.js';

type SignInInput = z.output<typeof signInRequest>;

export type PasswordSignIn = { user: UserRow } | { unverified: true; resentToken: string | null };

/**
 * Checks e-mail and password. Unknown addresses and wrong passwords get the same 401 after the same
 * argon2 work. Three budgets (security.md), each answered with 429 whatever the password:
 * - one address from one IP: the 11th attempt within 15 minutes;
 * - one IP, any addresses: after 100 failures within 15 minutes (spraying);
 * - one address, any IPs: past 10 failures within an hour, a growing wait after each (accountDelayMs).
 * Accounts whose e-mail is not verified are refused with a fresh verification link (decision 0004),
 * whose token the caller ties to this browser (auth/sign-up-proof.ts).
 */
export async function signInWithPassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  input: SignInInput,
  ip: string,
): Promise<PasswordSignIn> {
  const { db, config, mail } = deps;
  const address = input.email.toLowerCase();
  const keys = {
    accountAndIp: `signin:${address}|${ip}`,
    ip: `signin-ip:${ip}`,
    account: `signin-account:${address}`,
    accountWait: `signin-wait:${address}`,
  };
  await enforceLimit(db, keys.accountAndIp, accountLimits.signInFailures);
  const ipFailures = await readLimit(db, keys.ip);
  if (ipFailures.count >= accountLimits.signInFailuresPerIp.max)
    throw new TooManyAttemptsError(ipFailures.retryAfterMs);
  const wait = await readLimit(db, keys.accountWait);
  if (wait.count > 0) throw new TooManyAttemptsError(wait.retryAfterMs);

  const user = await findUserByEmail(db, input.email);
  const matches = await verifyPassword(user?.password_hash ?? null, input.password, ip);
  if (!user?.password_hash || !matches) {
    await hitLimit(db, keys.ip, accountLimits.signInFailuresPerIp);
    const failures = await hitLimit(db, keys.account, accountLimits.signInFailuresPerAccount);
    const delay = accountDelayMs(failures.count);
    if (delay > 0) await holdLimit(db, keys.accountWait, new Date(Date.now() + delay));
    throw new AppError('unauthorized', messages.invalidCredentials);
  }
  await Promise.all([clearLimit(db, keys.accountAndIp), clearLimit(db, keys.account)]);

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
    await updateUser(db, user.id, { password_hash: await hashPassword(input.password, ip) });
  }
  return { user };
}
