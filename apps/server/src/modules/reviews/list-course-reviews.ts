import { type CourseReviewsResponse, messages, REVIEWS_PAGE_SIZE } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findCourseRow } from '../courses/index.js';
import { findCourseRating } from './rating-summary.js';
import { findVisibleReviews } from './repo.js';

/** A published course's visible reviews, newest first, a page at a time, with its figures. */
export async function listCourseReviews(db: Db, courseId: string, page: number): Promise<CourseReviewsResponse> {
  const course = await findCourseRow(db, courseId);
  if (course?.published !== 1) throw new AppError('not_found', messages.courseNotFound);
  const summary = await findCourseRating(db, courseId);
  const rows =
    summary.count === 0
      ? []
      : await findVisibleReviews(db, courseId, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE);
  return {
    ok: true,
    ...summary,
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      text: row.text,
      username: row.username,
      date: row.updated_at,
    })),
    page,
    pageCount: Math.ceil(summary.count / REVIEWS_PAGE_SIZE),
  };
}
