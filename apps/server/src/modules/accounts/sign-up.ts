import { messages, type signUpRequest } from '@shop/shared';
import type { z } from 'zod';
import { isCommonPassword } from '../../auth/common-passwords.js';
import { dropLinkTokens, issueLinkToken } from '../../auth/link-tokens.js';
import { hashPassword } from '../../auth/passwords.js';
import { forgetSessions, revokeUserSessions } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { composeAlreadyRegisteredMail, composeVerificationMail } from './account-mails.js';
import { accountLimits, enforceLimit } from './limits.js';
import { findUserByEmail, insertUser, isUniqueViolation, isUsernameTaken, replacePendingUser } from './repo.js';

type SignUpInput = z.output<typeof signUpRequest>;

function usernameTaken(): AppError {
  return new AppError('conflict', messages.usernameTaken, { username: messages.usernameTaken });
}

/**
 * Sign-up answers alike whatever the address (decision 0014):
 * - a username that any account holds, this address's own included, is refused first (409);
 * - an address with a verified account: the same 200, and a mail to its owner instead;
 * - an address whose account was never verified: this sign-up replaces it (username, password, a
 *   new link; older links stop working), so whoever signed up first with it keeps nothing;
 * - a new address: an unverified account and its verification link.
 * One of the most common passwords is refused (400) whatever the address. The password is hashed
 * first on every path, so the answers also take the same time. Returns the verification token that
 * was mailed, or null.
 */
export async function signUp(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  input: SignUpInput,
  ip: string,
): Promise<string | null> {
  const { db, config, mail } = deps;
  const site = { siteName: config.siteName, publicUrl: config.publicUrl };
  await enforceLimit(db, `signup-ip:${ip}`, accountLimits.signUpPerIp);
  await enforceLimit(db, `signup-address:${input.email.toLowerCase()}`, accountLimits.signUpPerAddress);
  if (isCommonPassword(input.password)) {
    throw new AppError('bad_request', messages.passwordTooCommon, { password: messages.passwordTooCommon });
  }
  const passwordHash = await hashPassword(input.password, ip);
  if (await isUsernameTaken(db, input.username)) throw usernameTaken();

  const existing = await findUserByEmail(db, input.email);
  if (existing?.email_verified_at) {
    if (existing.status === 'active')
      await mail.send(composeAlreadyRegisteredMail(site, existing.email, existing.username));
    return null;
  }
  if (existing && existing.status !== 'active') return null;
  try {
    const token = await db.transaction().execute(async (trx) => {
      let user = existing;
      if (user) {
        const replaced = await replacePendingUser(trx, user.id, { username: input.username, passwordHash });
        if (!replaced) return null;
        await dropLinkTokens(trx, user.id);
        await revokeUserSessions(trx, user.id);
        user = { ...user, username: input.username };
      } else {
        user = await insertUser(trx, {
          username: input.username,
          email: input.email,
          passwordHash,
          emailVerifiedAt: null,
        });
      }
      const token = await issueLinkToken(trx, user.id, 'verify_email');
      await mail.enqueue(composeVerificationMail(site, user.email, user.username, token), trx);
      return token;
    });
    forgetSessions();
    mail.kick();
    return token;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with a concurrent sign-up: answer as the first checks would have.
    if (await isUsernameTaken(db, input.username)) throw usernameTaken();
    return null;
  }
}
