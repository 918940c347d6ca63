import { type CertificateView, certificateIdPattern, messages } from '@shop/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isEnrolled } from '../learning/enrolments.js';
import { certificateUrl } from './certificate-file.js';
import { findCertificate } from './repo.js';

/**
 * What anyone may learn of a certificate from its id: who completed what and when, and whether it still
 * stands. It stands while the learner's enrolment is active; a refund revokes it. Never the e-mail.
 */
export async function verifyCertificate(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  id: string,
): Promise<CertificateView> {
  const row = certificateIdPattern.test(id) ? await findCertificate(db, id) : undefined;
  if (!row) throw new AppError('not_found', messages.certificateNotFound);
  const active = await isEnrolled(db, row.user_id, row.course_id);
  return {
    id: row.id,
    name: row.printed_name,
    courseTitle: row.course_title,
    instructor: row.instructor,
    completedAt: row.completed_at,
    status: active ? 'valid' : 'revoked',
    verifyUrl: certificateUrl(config, row.id),
  };
}
