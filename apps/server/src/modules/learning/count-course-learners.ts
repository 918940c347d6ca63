import type { Db } from '../../db/database.js';
import { countActiveEnrolments, countSalesAndLearners } from './repo.js';

/**
 * A course's student count (issue 32): the learners who own it now, from the enrolments, never a typed
 * figure. By course id; a course missing from the map has none. Read only when a cached catalogue answer
 * is rebuilt, so a purchase shows within the cache's lifetime.
 */
export async function countCourseLearners(db: Db, courseIds?: readonly string[]): Promise<Map<string, number>> {
  const rows = await countActiveEnrolments(db, courseIds);
  return new Map(rows.map((row) => [row.course_id, Number(row.learners)]));
}

/** The shop's courses sold (not refunded) and its learners (people who own a course now), for the home page. */
export async function countShopLearners(db: Db): Promise<{ sold: number; learners: number }> {
  const row = await countSalesAndLearners(db);
  return { sold: Number(row?.sold ?? 0), learners: Number(row?.learners ?? 0) };
}
