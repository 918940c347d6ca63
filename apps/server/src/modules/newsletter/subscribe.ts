import { hashToken, newToken } from '../../auth/tokens.js';
import type { AppDeps } from '../../deps.js';
import { accountLimits, enforceLimit } from '../accounts/limits.js';
import { composeConfirmationMail } from './newsletter-mails.js';
import { savePendingSubscriber } from './repo.js';

const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A newsletter sign-up (double opt-in): the address gets a 24-hour confirmation link and becomes a
 * subscriber only when its owner clicks through. An address already confirmed gets nothing. The caller
 * gets the same answer in every case, so it says nothing about who is subscribed. The work is done
 * before answering (it is two local writes; the mail server is reached later by the mail pass), so an
 * accepted call has finished its writes when it answers. Limited per address (here) and per IP (the
 * route) like every call that sends mail, counted before the address is looked at.
 */
export async function subscribe(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  email: string,
  now = new Date(),
): Promise<void> {
  const { db, config, mail } = deps;
  await enforceLimit(db, `newsletter-address:${email.toLowerCase()}`, accountLimits.linkPerAddress);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + CONFIRM_TTL_MS).toISOString();
  const pending = await savePendingSubscriber(db, email, hashToken(token), expiresAt, newToken(), now);
  if (!pending) return;
  await mail.send(composeConfirmationMail({ siteName: config.siteName, publicUrl: config.publicUrl }, email, token));
}
