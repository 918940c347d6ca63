import { type CertificateClaimRequest, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { saveCertificateName } from '../certificates/certificate-name.js';
import { issueCertificate } from '../certificates/issue-certificate.js';
import { summariseProgress } from './course-progress.js';
import { courseStructure } from './course-structure.js';
import { readProgress } from './player-repo.js';
import { requireEnrolment } from './require-enrolment.js';

/**
 * The player's 'Issue my certificate' (issue 32, N2): the learner who completed every lesson confirms the
 * full name to print (the form is prefilled from their checkout's billing name), which becomes the name
 * their certificates print, and the course's certificate is issued under it. Already issued: its id, as is.
 */
export async function claimCertificate(
  deps: Pick<AppDeps, 'db' | 'catalogCache' | 'mail' | 'config'>,
  caller: SessionUser | null,
  courseId: string,
  input: Required<CertificateClaimRequest>,
  now = new Date(),
): Promise<string> {
  const user = await requireEnrolment(deps.db, caller, courseId);
  const structure = await courseStructure(deps, courseId);
  const progress = summariseProgress(structure.lessonSet, await readProgress(deps.db, user.id, courseId));
  if (progress.total === 0 || progress.completed < progress.total) {
    throw new AppError('conflict', messages.certificateClaimNotComplete);
  }
  await saveCertificateName(deps.db, user, input);
  const course = { id: courseId, title: structure.heading.title, instructor: structure.heading.instructor };
  const id = await issueCertificate(deps, user.id, course, now);
  if (!id) throw new Error(`certificate of ${user.id} for ${courseId} not issued with a name`);
  return id;
}
