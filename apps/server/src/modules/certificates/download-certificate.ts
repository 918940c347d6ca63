import { certificateIdPattern, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isEnrolled } from '../learning/enrolments.js';
import { type CertificateFile, certificateFile } from './certificate-file.js';
import { findCertificate } from './repo.js';

/**
 * A certificate's PDF, for its learner only and while it stands: a visitor is asked to sign in (401),
 * anyone else, or the learner after a refund revoked it, refused (403). Its facts are public on the
 * verification page; the file is the learner's to share.
 */
export async function downloadCertificate(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'siteName'>,
  caller: SessionUser | null,
  id: string,
): Promise<CertificateFile> {
  if (!caller) throw new AppError('unauthorized', messages.pleaseLogIn);
  const row = certificateIdPattern.test(id) ? await findCertificate(db, id) : undefined;
  if (!row) throw new AppError('not_found', messages.certificateNotFound);
  if (row.user_id !== caller.id) throw new AppError('forbidden', messages.certificateNotYours);
  // Paid content: a refund that revoked the enrolment revoked the certificate, and its file with it.
  if (!(await isEnrolled(db, row.user_id, row.course_id))) throw new AppError('forbidden', messages.certificateRevoked);
  return certificateFile(config, row);
}
