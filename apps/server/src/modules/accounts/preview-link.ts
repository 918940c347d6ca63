import { messages } from '@shop/shared';
import { peekLinkToken } from '../../auth/link-tokens.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserById } from './repo.js';

/**
 * 'racer20@mail.example.com' -> 'rac…@mail.example.com': the whole domain and the first letters of the
 * name (at most three, never more than half of it), so the mailbox's owner recognises the address while
 * someone a link reached by mistake learns little more than the domain the mail went to.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const shown = Math.max(1, Math.min(3, Math.floor(local.length / 2)));
  return `${local.slice(0, shown)}…@${domain}`;
}

/**
 * What the landing page of a mailed link shows before the click that uses it up: the link's kind,
 * the account's masked address, and whether this browser is already signed in to that account.
 * It reads the token and changes nothing, so a scanner or a page load spends no link.
 */
export async function previewLink(db: Db, token: string, current: SessionUser | null) {
  const link = await peekLinkToken(db, token, ['verify_email', 'sign_in']);
  const user = link ? await findUserById(db, link.userId) : undefined;
  if (!link || user?.status !== 'active') throw new AppError('bad_request', messages.linkInvalid);
  return {
    ok: true as const,
    purpose: link.purpose,
    email: maskEmail(user.email),
    signedInAs: current && current.id !== user.id ? current.username : null,
  };
}
