import type { Db } from '../../db/database.js';
import { countActiveEnrolments } from './repo.js';

/**
 * A course's student count (issue 32): the learners who own it now, from the enrolments, never a typed
 * figure. By course id; a course missing from the map has none. Read only when a cached catalogue answer
 * is rebuilt, so a purchase shows within the cache's lifetime.
 */
export async function countCourseLearners(db: Db, courseIds?: readonly string[]): Promise<Map<string, number>> {
  const rows = await countActiveEnrolments(db, courseIds);
  return new Map(rows.map((row) => [row.course_id, Number(row.learners)]));
}
