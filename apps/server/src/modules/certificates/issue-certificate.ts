import { messages } from '@shop/shared';
import type { AppDeps } from '../../deps.js';
import { certificateUrl } from './certificate-file.js';
import { certificateRecipient } from './certificate-name.js';
import { newCertificateId } from './new-certificate-id.js';
import { findCertificateIdOf, insertCertificate } from './repo.js';

/** The mail that carries a certificate (its PDF attached when the mail pass sends it). */
export function certificateMail(
  config: Pick<AppDeps['config'], 'publicUrl'>,
  certificate: { id: string; name: string; courseTitle: string; email: string },
) {
  const fill = (text: string) =>
    text
      .replace('{name}', certificate.name)
      .replace('{course}', certificate.courseTitle)
      .replace('{url}', certificateUrl(config, certificate.id));
  return {
    to: certificate.email,
    subject: fill(messages.certificateMailSubject),
    text: fill(messages.certificateMailBody),
    attachments: [{ kind: 'certificate' as const, certificateId: certificate.id }],
  };
}

export interface CompletedCourse {
  id: string;
  title: string;
  instructor: string;
}

/**
 * Issues the learner's certificate of a course whose every lesson they completed, once, under the name
 * they chose to print; null (nothing issued) while they have not chosen one, so the first certificate
 * never goes out under a username (issue 32, N2): the player asks for the name. The unique
 * (learner, course) constraint makes concurrent completing saves write one row, and only the save that
 * wrote it queues the mail, in the same transaction. The mail names the certificate; the mail pass
 * renders the PDF when it sends, so no PDF is made on the progress request's path.
 * Returns the certificate's id, new or already issued, or null.
 */
export async function issueCertificate(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  userId: string,
  course: CompletedCourse,
  now = new Date(),
): Promise<string | null> {
  const { db, mail, config } = deps;
  const existing = await findCertificateIdOf(db, userId, course.id);
  if (existing) return existing;
  const { name, email } = await certificateRecipient(db, userId);
  if (!name) return null;
  const id = newCertificateId();
  const issued = await db.transaction().execute(async (trx) => {
    const inserted = await insertCertificate(trx, {
      id,
      user_id: userId,
      course_id: course.id,
      printed_name: name,
      course_title: course.title,
      instructor: course.instructor,
      completed_at: now.toISOString(),
      previous_id: null,
      reissued_at: null,
    });
    if (!inserted) return false;
    await mail.enqueue(certificateMail(config, { id, name, courseTitle: course.title, email }), trx, now);
    return true;
  });
  if (issued) {
    mail.kick();
    return id;
  }
  // Another save issued it meanwhile.
  const other = await findCertificateIdOf(db, userId, course.id);
  if (!other) throw new Error(`certificate of ${userId} for ${course.id} neither written nor found`);
  return other;
}
