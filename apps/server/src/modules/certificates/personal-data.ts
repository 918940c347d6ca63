import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deleteCertificatesByUser, findCertificatesByUser } from './repo.js';

/** The learner's certificates in their data export, as issued (the name printed when each was issued). */
export async function exportCertificatesOf(db: Db, userId: string): Promise<MyDataExport['certificates']> {
  return (await findCertificatesByUser(db, userId)).map((certificate) => ({
    id: certificate.id,
    courseId: certificate.course_id,
    name: certificate.printed_name,
    courseTitle: certificate.course_title,
    instructor: certificate.instructor,
    completedAt: certificate.completed_at,
  }));
}

/** Erases the learner's certificates inside the account deletion's transaction: their pages then say 'unknown'. */
export function eraseCertificatesOf(trx: Db, userId: string): Promise<void> {
  return deleteCertificatesByUser(trx, userId);
}
