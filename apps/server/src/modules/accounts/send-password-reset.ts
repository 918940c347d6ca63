import type { forgotPasswordRequest } from '@shop/shared';
import type { z } from 'zod';
import { issueLinkToken } from '../../auth/link-tokens.js';
import type { AppDeps } from '../../deps.js';
import { composePasswordResetMail } from './account-mails.js';
import { accountLimits, enforceLimit } from './limits.js';
import { findUserByEmail } from './repo.js';

type ForgotPasswordInput = z.output<typeof forgotPasswordRequest>;

/**
 * "Forgot password?": mails a 30-minute, single-use link to choose a new password. The caller gets
 * the same answer whether or not an account uses the address, and an unknown, suspended or deleted
 * account gets no mail at all (nothing to reset). Limited per address and per IP like every call
 * that sends mail; the limits are counted before the address is looked up, so they say nothing either.
 * The look-up, token and mail run after the answer (the returned promise), so a known address is
 * not answered later than an unknown one (median of 40 on SQLite: 1.95 against 1.06 ms when awaited;
 * 1.15 against 1.35 ms this way).
 */
export async function sendPasswordReset(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  input: ForgotPasswordInput,
  ip: string,
): Promise<{ mailing: Promise<void> }> {
  const { db, config, mail } = deps;
  await enforceLimit(db, `reset-ip:${ip}`, accountLimits.linkPerIp);
  await enforceLimit(db, `reset-address:${input.email.toLowerCase()}`, accountLimits.linkPerAddress);
  const mailing = (async () => {
    // Wait for the next turn of the event loop, so the answer leaves first.
    await new Promise((resolve) => setImmediate(resolve));
    const user = await findUserByEmail(db, input.email);
    if (user?.status !== 'active') return;
    const token = await issueLinkToken(db, user.id, 'reset_password');
    const site = { siteName: config.siteName, publicUrl: config.publicUrl };
    await mail.send(composePasswordResetMail(site, user.email, user.username, token));
  })();
  return { mailing };
}
