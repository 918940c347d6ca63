import { messages } from '@shop/shared';
import type { AppDeps } from '../../deps.js';
import { certificateRecipient } from '../accounts/certificate-name.js';
import { certificateUrl } from './certificate-file.js';
import { newCertificateId } from './new-certificate-id.js';
import { findCertificateIdOf, insertCertificate } from './repo.js';

export interface CompletedCourse {
  id: string;
  title: string;
  instructor: string;
}

/**
 * Issues the learner's certificate of a course whose every lesson they completed, once: the unique
 * (learner, course) constraint makes concurrent completing saves write one row, and only the save that
 * wrote it queues the mail, in the same transaction. The mail names the certificate; the mail pass
 * renders the PDF when it sends, so no PDF is made on the progress request's path.
 * Returns the certificate's id, new or already issued.
 */
export async function issueCertificate(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  userId: string,
  course: CompletedCourse,
  now = new Date(),
): Promise<string> {
  const { db, mail, config } = deps;
  const existing = await findCertificateIdOf(db, userId, course.id);
  if (existing) return existing;
  const { name, email } = await certificateRecipient(db, userId);
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
    });
    if (!inserted) return false;
    const fill = (text: string) =>
      text.replace('{name}', name).replace('{course}', course.title).replace('{url}', certificateUrl(config, id));
    await mail.enqueue(
      {
        to: email,
        subject: fill(messages.certificateMailSubject),
        text: fill(messages.certificateMailBody),
        attachments: [{ kind: 'certificate', certificateId: id }],
      },
      trx,
      now,
    );
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
