import { type CertificateClaimRequest, certificateIdPattern, messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { isEnrolled } from '../learning/enrolments.js';
import { saveCertificateName } from './certificate-name.js';
import { certificateMail } from './issue-certificate.js';
import { newCertificateId } from './new-certificate-id.js';
import { findCertificate, findReplacementOf, replaceCertificate } from './repo.js';

/**
 * The learner corrects the name on one of their certificates, once (issue 32, N2): the certificate gets
 * a new id and the new name, its old id leads to it (verify-certificate.ts), the name becomes the one
 * their next certificates print, the change is audit-logged, and the new PDF is mailed, all in one
 * transaction. Its course, instructor and completion date stay as issued.
 */
export async function reissueCertificate(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  caller: SessionUser | null,
  id: string,
  input: Required<CertificateClaimRequest>,
  now = new Date(),
): Promise<string> {
  const { db, mail, config } = deps;
  if (!caller) throw new AppError('unauthorized', messages.pleaseLogIn);
  const row = certificateIdPattern.test(id) ? await findCertificate(db, id) : undefined;
  if (!row) {
    const replacement = certificateIdPattern.test(id) ? await findReplacementOf(db, id) : undefined;
    if (replacement?.user_id === caller.id) throw new AppError('conflict', messages.certificateReissueUsed);
    throw new AppError('not_found', messages.certificateNotFound);
  }
  if (row.user_id !== caller.id) throw new AppError('forbidden', messages.certificateNotYours);
  if (!(await isEnrolled(db, row.user_id, row.course_id))) throw new AppError('forbidden', messages.certificateRevoked);
  if (row.previous_id !== null) throw new AppError('conflict', messages.certificateReissueUsed);
  const name = input.certificateName;
  if (name === row.printed_name) throw new AppError('bad_request', messages.certificateReissueSameName);
  const newId = newCertificateId();
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await replaceCertificate(trx, { id, newId, name, now: stamp }))) {
      throw new AppError('conflict', messages.certificateReissueUsed);
    }
    await saveCertificateName(trx, caller, { certificateName: name });
    await writeAudit(
      trx,
      caller,
      {
        action: 'certificate.reissued',
        entity: 'certificate',
        entityId: newId,
        before: { id, name: row.printed_name },
        after: { id: newId, name },
      },
      now,
    );
    await mail.enqueue(
      certificateMail(config, { id: newId, name, courseTitle: row.course_title, email: caller.email }),
      trx,
      now,
    );
  });
  mail.kick();
  return newId;
}
