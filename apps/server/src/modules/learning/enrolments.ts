import type { Db } from '../../db/database.js';
import { hasActiveEnrolment } from './repo.js';

/** Whether the learner may open the course now (an enrolment not revoked nor refunded). */
export function isEnrolled(db: Db, userId: string, courseId: string): Promise<boolean> {
  return hasActiveEnrolment(db, userId, courseId);
}
