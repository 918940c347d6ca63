import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findReviewsByUser } from './repo.js';

/** Every review the learner wrote, hidden ones too, for their data export. */
export async function exportReviewsOf(db: Db, userId: string): Promise<MyDataExport['reviews']> {
  return (await findReviewsByUser(db, userId)).map((review) => ({
    courseId: review.course_id,
    title: review.title,
    rating: review.rating,
    text: review.text,
    createdAt: review.created_at,
    updatedAt: review.updated_at,
    hidden: review.hidden_at !== null,
  }));
}
