import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deleteAttendanceOf, findAttendanceOf } from './repo.js';

/** The live sessions the learner joined, for their data export. */
export async function exportAttendanceOf(db: Db, userId: string): Promise<MyDataExport['liveSessionsJoined']> {
  return (await findAttendanceOf(db, userId)).map((row) => ({
    sessionId: row.id,
    title: row.title,
    startsAt: row.starts_at,
    joinedAt: row.joined_at,
  }));
}

/** Forgets which sessions the learner joined, inside the account deletion's transaction (the counts go with them). */
export function eraseAttendanceOf(trx: Db, userId: string): Promise<void> {
  return deleteAttendanceOf(trx, userId);
}
