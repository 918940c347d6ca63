import { messages, type signUpRequest } from '@shop/shared';
import type { z } from 'zod';
import { issueLinkToken } from '../../auth/link-tokens.js';
import { hashPassword } from '../../auth/passwords.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { composeAlreadyRegisteredMail, composeVerificationMail } from './account-mails.js';
import { accountLimits, enforceLimit } from './limits.js';
import { findUserByEmail, insertUser, isUniqueViolation, isUsernameTaken } from './repo.js';

type SignUpInput = z.output<typeof signUpRequest>;

/**
 * Creates an unverified account and mails its verification link. An address that already has an
 * account gets the same answer on screen (and a mail to its owner instead), so sign-up does not
 * tell anyone which addresses are registered. The password is hashed first on both paths, so the
 * answer also takes the same time.
 */
export async function signUp(deps: Pick<AppDeps, 'db' | 'config' | 'mail'>, input: SignUpInput, ip: string) {
  const { db, config, mail } = deps;
  const site = { siteName: config.siteName, publicUrl: config.publicUrl };
  await enforceLimit(db, `signup-ip:${ip}`, accountLimits.signUpPerIp);
  await enforceLimit(db, `signup-address:${input.email.toLowerCase()}`, accountLimits.signUpPerAddress);
  const passwordHash = await hashPassword(input.password);

  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (existing.status === 'active')
      await mail.send(composeAlreadyRegisteredMail(site, existing.email, existing.username));
    return;
  }
  if (await isUsernameTaken(db, input.username)) {
    throw new AppError('conflict', messages.usernameTaken, { username: messages.usernameTaken });
  }
  try {
    await db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        username: input.username,
        email: input.email,
        passwordHash,
        emailVerifiedAt: null,
      });
      const token = await issueLinkToken(trx, user.id, 'verify_email');
      await mail.enqueue(composeVerificationMail(site, user.email, user.username, token), trx);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with a concurrent sign-up: answer as the first check would have.
    if (await findUserByEmail(db, input.email)) return;
    throw new AppError('conflict', messages.usernameTaken, { username: messages.usernameTaken });
  }
  mail.kick();
}
