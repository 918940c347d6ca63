import type { CertificateNameRequest } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { findUserById, setCertificateName } from './repo.js';

/** The name the learner chose to print on their certificates, or null (their username is printed). */
export async function getCertificateName(db: Db, user: SessionUser): Promise<string | null> {
  return (await findUserById(db, user.id))?.certificate_name ?? null;
}

/**
 * Who a new certificate goes to: the name to print (the one the learner chose, else their username)
 * and the address its mail goes to.
 */
export async function certificateRecipient(db: Db, userId: string): Promise<{ name: string; email: string }> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return { name: user.certificate_name || user.username, email: user.email };
}

/**
 * Sets the name printed on the learner's next certificates (empty: their username). A certificate
 * already issued keeps the name it was issued with, so a verified certificate never changes.
 */
export async function saveCertificateName(
  db: Db,
  user: SessionUser,
  input: Required<CertificateNameRequest>,
): Promise<string | null> {
  const name = input.certificateName.trim() || null;
  await setCertificateName(db, user.id, name);
  return name;
}
