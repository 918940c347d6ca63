import type { Db } from '../../db/database.js';
import { countCertificates, findCertificateIdOf, findCertificatesOfLearner } from './repo.js';

/** The id of the learner's certificate for the course, or null (for the player and the learner's courses). */
export function certificateIdOf(db: Db, userId: string, courseId: string): Promise<string | null> {
  return findCertificateIdOf(db, userId, courseId);
}

/** The learner's certificates as (id, course) pairs. */
export function certificatesOfLearner(db: Db, userId: string) {
  return findCertificatesOfLearner(db, userId);
}

/** How many certificates the shop has issued (the home page's live figures). */
export function countIssuedCertificates(db: Db): Promise<number> {
  return countCertificates(db);
}
