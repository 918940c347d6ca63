import type { emailLinkRequest } from '@shop/shared';
import type { z } from 'zod';
import { issueLinkToken } from '../../auth/link-tokens.js';
import type { AppDeps } from '../../deps.js';
import { composeNoAccountMail, composeSignInLinkMail } from './account-mails.js';
import { accountLimits, enforceLimit } from './limits.js';
import { findUserByEmail } from './repo.js';

type EmailLinkInput = z.output<typeof emailLinkRequest>;

/**
 * Mails a 15-minute sign-in link to an account's address, or, when no account uses the address, a
 * mail offering sign-up (decision 0005). The caller always gets the same answer.
 */
export async function sendSignInLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  input: EmailLinkInput,
  ip: string,
): Promise<void> {
  const { db, config, mail } = deps;
  await enforceLimit(db, `link-ip:${ip}`, accountLimits.linkPerIp);
  await enforceLimit(db, `link-address:${input.email.toLowerCase()}`, accountLimits.linkPerAddress);
  const site = { siteName: config.siteName, publicUrl: config.publicUrl };

  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await mail.send(composeNoAccountMail(site, input.email));
    return;
  }
  // A suspended or terminated account gets nothing: a link could not sign it in.
  if (user.status !== 'active') return;
  const token = await issueLinkToken(db, user.id, 'sign_in');
  await mail.send(composeSignInLinkMail(site, user.email, user.username, token));
}
