import { type AdminReview, messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { toAdminReview } from './list-reviews-for-console.js';
import { findConsoleReview, findReviewById, refreshCourseStats, setReviewHidden } from './repo.js';

/**
 * The operator hides a review (or shows it again). A hidden review leaves the course's list and
 * figures at once: the counts are rewritten and the audit row written in one transaction.
 */
export async function setReviewVisibility(
  { db, catalogCache }: Pick<AppDeps, 'db' | 'catalogCache'>,
  actor: SessionUser,
  id: string,
  hidden: boolean,
  now = new Date(),
): Promise<{ review: AdminReview; message: string }> {
  const before = await findReviewById(db, id);
  if (!before) throw new AppError('not_found', messages.reviewNotFound);
  const stamp = now.toISOString();
  if ((before.hidden_at !== null) !== hidden) {
    await db.transaction().execute(async (trx) => {
      await setReviewHidden(trx, id, hidden ? stamp : null);
      await refreshCourseStats(trx, before.course_id, stamp);
      await writeAudit(
        trx,
        actor,
        {
          action: hidden ? 'review.hide' : 'review.restore',
          entity: 'review',
          entityId: id,
          before: { hidden: before.hidden_at !== null, courseId: before.course_id, rating: before.rating },
          after: { hidden },
        },
        now,
      );
    });
    catalogCache.invalidate();
  }
  const row = await findConsoleReview(db, id);
  if (!row) throw new AppError('not_found', messages.reviewNotFound);
  return { review: toAdminReview(row), message: hidden ? messages.reviewHidden : messages.reviewRestored };
}
