import type { MyReviewResponse } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { isEnrolled } from '../learning/enrolments.js';
import { findReviewOf } from './repo.js';

/** Whether the signed-in learner may review the course now, and the review they wrote, if any. */
export async function getMyReview(db: Db, userId: string, courseId: string): Promise<MyReviewResponse> {
  const [canReview, review] = await Promise.all([isEnrolled(db, userId, courseId), findReviewOf(db, courseId, userId)]);
  return {
    ok: true,
    canReview,
    review: review
      ? { rating: review.rating, text: review.text, date: review.updated_at, hidden: review.hidden_at !== null }
      : null,
  };
}
