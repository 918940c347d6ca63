import { messages, reviewInput, type SaveReviewResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { parseInput } from '../../parse-input.js';
import { findCourseRow } from '../courses/index.js';
import { isEnrolled } from '../learning/enrolments.js';
import { findReviewOf, refreshCourseStats, upsertReview } from './repo.js';

/**
 * A learner who owns the course (an enrolment not revoked by a refund) rates it once; posting again
 * replaces their review. The course's counts are rewritten in the same transaction and the cached
 * catalogue answers dropped, so the cards and the course page show the new rating at once.
 */
export async function saveReview(
  { db, catalogCache }: Pick<AppDeps, 'db' | 'catalogCache'>,
  user: SessionUser,
  courseId: string,
  body: unknown,
  now = new Date(),
): Promise<SaveReviewResponse> {
  const course = await findCourseRow(db, courseId);
  if (!course) throw new AppError('not_found', messages.courseNotFound);
  if (!(await isEnrolled(db, user.id, courseId))) throw new AppError('forbidden', messages.reviewBuyersOnly);
  const { rating, text } = parseInput(reviewInput, body);
  const existed = Boolean(await findReviewOf(db, courseId, user.id));
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await upsertReview(trx, { courseId, userId: user.id, rating, text }, stamp);
    await refreshCourseStats(trx, courseId, stamp);
  });
  catalogCache.invalidate();
  const saved = await findReviewOf(db, courseId, user.id);
  if (!saved) throw new AppError('internal', messages.reviewNotFound);
  return {
    ok: true,
    message: existed ? messages.reviewUpdated : messages.reviewSaved,
    review: { rating: saved.rating, text: saved.text, date: saved.updated_at, hidden: saved.hidden_at !== null },
  };
}
