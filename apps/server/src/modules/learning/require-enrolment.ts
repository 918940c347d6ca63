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
  const enrolled = await hasActiveEnrolment(db, user.id, courseId);
  if (!enrolled && !(await hasMembershipAccess(db, user.id, courseId)))
    throw new AppError('forbidden', messages.learnNotEnrolled);
  return user;
}
