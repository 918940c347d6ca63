import { messages } from '@shop/shared';
import { peekLinkToken } from '../../auth/link-tokens.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserById } from './repo.js';

/**
 * 'racer20@mail.example.com' -> 'r…@m….com': enough for the mailbox's owner to recognise the account,
 * too little to learn the address from a link that reached someone else.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}…@${domain.slice(0, 1)}…${tld}`;
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
