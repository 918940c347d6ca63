import type { Db } from '../../db/database.js';
import { deleteReviewsByUser, refreshCourseStats } from './repo.js';

/**
 * Erases the learner's reviews inside the caller's transaction (account deletion) and rewrites the
 * star counts of every course they reviewed, so the figures never count a review that is gone. The
 * caller clears the catalogue cache once the transaction has committed.
 */
export async function eraseReviewsOf(trx: Db, userId: string, now: Date): Promise<void> {
  const courseIds = await deleteReviewsByUser(trx, userId);
  // One course after another, in a fixed order, so two deletions at once take the stats rows' locks alike.
  for (const courseId of courseIds.sort()) await refreshCourseStats(trx, courseId, now.toISOString());
}
