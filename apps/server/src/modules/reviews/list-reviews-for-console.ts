import type { AdminReview } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { type ConsoleReviewRow, findReviewsForConsole } from './repo.js';

/** The newest reviews this many at most; the console shows the latest first. */
const CONSOLE_LIMIT = 500;

export function toAdminReview(row: ConsoleReviewRow): AdminReview {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.title,
    username: row.username,
    email: row.email,
    rating: row.rating,
    text: row.text,
    date: row.updated_at,
    hidden: row.hidden_at !== null,
  };
}

export async function listReviewsForConsole(db: Db): Promise<AdminReview[]> {
  return (await findReviewsForConsole(db, CONSOLE_LIMIT)).map(toAdminReview);
}
