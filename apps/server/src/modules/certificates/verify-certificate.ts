import { type CertificateView, certificateIdPattern, messages } from '@shop/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isEnrolled } from '../learning/enrolments.js';
import { certificateUrl } from './certificate-file.js';
import { findCertificate, findReplacementOf } from './repo.js';

/**
 * What anyone may learn of a certificate from its id: who completed what and when, and whether it still
 * stands. It stands while the learner's enrolment is active; a refund revokes it. The id of a certificate
 * re-issued with a corrected name answers 'replaced' and the id of the one that replaced it, whose page
 * has the current facts. Never the e-mail.
 */
export async function verifyCertificate(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  id: string,
): Promise<CertificateView> {
  if (!certificateIdPattern.test(id)) throw new AppError('not_found', messages.certificateNotFound);
  const row = await findCertificate(db, id);
  const replacement = row ? undefined : await findReplacementOf(db, id);
  const current = row ?? replacement;
  if (!current) throw new AppError('not_found', messages.certificateNotFound);
  const active = await isEnrolled(db, current.user_id, current.course_id);
  return {
    id,
    name: current.printed_name,
    courseTitle: current.course_title,
    instructor: current.instructor,
    completedAt: current.completed_at,
    status: replacement ? 'replaced' : active ? 'valid' : 'revoked',
    verifyUrl: certificateUrl(config, current.id),
    replacedBy: replacement ? replacement.id : null,
  };
}
