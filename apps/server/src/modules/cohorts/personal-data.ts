import type { Db } from '../../db/database.js';
import { deleteSeatsOf, findSeatsOf } from './repo.js';

/** The cohorts the learner has a seat in, for their data export. */
export async function exportSeatsOf(db: Db, userId: string) {
  return (await findSeatsOf(db, userId)).map((row) => ({
    cohortId: row.id,
    courseId: row.course_id,
    title: row.title,
    startsOn: row.starts_on,
    joinedAt: row.joined_at,
  }));
}

/** Gives up the learner's seats, inside the account deletion's transaction. */
export function eraseSeatsOf(trx: Db, userId: string): Promise<void> {
  return deleteSeatsOf(trx, userId);
}
