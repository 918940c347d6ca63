import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { hasMembershipAccess } from '../subscriptions/index.js';
import { hasActiveEnrolment } from './repo.js';

/**
 * The player's calls are for the course's enrolled learners only: a visitor is asked to sign in
 * (401), anyone else, a refunded buyer included, is refused (403) whether or not the course exists.
 * A member whose membership includes the course counts as enrolled while the membership opens courses.
 */
export async function requireEnrolment(db: Db, user: SessionUser | null, courseId: string): Promise<SessionUser> {
  if (!user) throw new AppError('unauthorized', messages.pleaseLogIn);
  if (!(await mayOpenCourse(db, user.id, courseId))) throw new AppError('forbidden', messages.learnNotEnrolled);
  return user;
}

/** Whether the learner may open the course now: enrolled (bought, granted), or a member of a plan that includes it. */
export async function mayOpenCourse(db: Db, userId: string, courseId: string, now = new Date()): Promise<boolean> {
  return (await hasActiveEnrolment(db, userId, courseId)) || (await hasMembershipAccess(db, userId, courseId, now));
}
