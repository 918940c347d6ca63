import type { CertificateNameRequest } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { findUserById, setCertificateName } from '../accounts/index.js';
import { billingNameOf } from '../orders/billing-name-of.js';

/**
 * The name the learner chose to print on their certificates (null: not chosen yet, so their first
 * certificate asks for it), and what a form asking for it is prefilled with: that name, else the name
 * they gave at checkout (issue 32, N2), else nothing. Never the username.
 */
export async function getCertificateName(
  db: Db,
  user: SessionUser,
): Promise<{ certificateName: string | null; suggestedName: string }> {
  const chosen = (await findUserById(db, user.id))?.certificate_name ?? null;
  return { certificateName: chosen, suggestedName: chosen ?? (await billingNameOf(db, user.id)) ?? '' };
}

/**
 * Who a new certificate goes to: the name to print, or null when the learner has not chosen one (the
 * certificate then waits for it), and the address its mail goes to.
 */
export async function certificateRecipient(db: Db, userId: string): Promise<{ name: string | null; email: string }> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return { name: user.certificate_name || null, email: user.email };
}

/**
 * Sets the name printed on the learner's next certificates (the contract has trimmed, NFC-normalised and
 * checked it; empty: ask at the next certificate). A certificate already issued keeps the name it was
 * issued with; the learner may re-issue it once (reissue-certificate.ts).
 */
export async function saveCertificateName(
  db: Db,
  user: SessionUser,
  input: Required<CertificateNameRequest>,
): Promise<string | null> {
  const name = input.certificateName || null;
  await setCertificateName(db, user.id, name);
  return name;
}
