import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LiveNoticesTable, LiveSessionsTable } from '../../db/schema.js';

export type LiveSessionRow = Selectable<LiveSessionsTable>;

/** The longest a session lasts (8 hours): a session that started this long ago has ended. */
const LONGEST_MS = 480 * 60_000;

export async function insertSessions(db: Db, rows: Insertable<LiveSessionsTable>[]): Promise<void> {
  await db.insertInto('live_sessions').values(rows).execute();
}

/** The demo schedule's rows, each kept as it is if it exists (the seed runs on every fresh start). */
export async function insertMissingSessions(db: Db, rows: Insertable<LiveSessionsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('live_sessions')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function findSession(db: Db, id: string): Promise<LiveSessionRow | undefined> {
  return db.selectFrom('live_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The sessions not cancelled that may not have ended by `now` (started less than 8 hours ago or later), soonest first. */
export function findSessionsNotEnded(db: Db, now: Date): Promise<LiveSessionRow[]> {
  return db
    .selectFrom('live_sessions')
    .selectAll()
    .where('cancelled_at', 'is', null)
    .where('starts_at', '>', new Date(now.getTime() - LONGEST_MS).toISOString())
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

/** The console's list: sessions not cancelled that start after `since`, soonest first, with how many joined. */
export function findSessionsSince(db: Db, since: Date) {
  return db
    .selectFrom('live_sessions')
    .selectAll('live_sessions')
    .select((eb) =>
      eb
        .selectFrom('live_attendance')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('live_attendance.session_id', '=', 'live_sessions.id')
        .as('attendees'),
    )
    .where('cancelled_at', 'is', null)
    .where('starts_at', '>=', since.toISOString())
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

export async function countAttendees(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom('live_attendance')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateSession(
  db: Db,
  id: string,
  fields: Partial<
    Pick<
      LiveSessionRow,
      'title' | 'description' | 'starts_at' | 'duration_minutes' | 'meeting_kind' | 'room_name' | 'meeting_url'
    >
  >,
  stamp: string,
): Promise<void> {
  await db
    .updateTable('live_sessions')
    .set({ ...fields, updated_at: stamp })
    .where('id', '=', id)
    .execute();
}

export async function markCancelled(db: Db, id: string, stamp: string): Promise<void> {
  await db
    .updateTable('live_sessions')
    .set({ cancelled_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** The learner's first join of the session; a later join keeps the first time. */
export async function recordAttendance(db: Db, sessionId: string, userId: string, joinedAt: string): Promise<void> {
  await db
    .insertInto('live_attendance')
    .values({ session_id: sessionId, user_id: userId, joined_at: joinedAt })
    .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
    .execute();
}

export function findAttendance(db: Db, sessionId: string) {
  return db
    .selectFrom('live_attendance')
    .select(['user_id', 'joined_at'])
    .where('session_id', '=', sessionId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

/** The sessions the learner joined, with the first join's time (their data export). */
export function findAttendanceOf(db: Db, userId: string) {
  return db
    .selectFrom('live_attendance')
    .innerJoin('live_sessions', 'live_sessions.id', 'live_attendance.session_id')
    .select(['live_sessions.id', 'live_sessions.title', 'live_sessions.starts_at', 'live_attendance.joined_at'])
    .where('live_attendance.user_id', '=', userId)
    .orderBy('live_attendance.joined_at')
    .execute();
}

export async function deleteAttendanceOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('live_attendance').where('user_id', '=', userId).execute();
}

/** Sessions not cancelled that start after `from` and no later than `to` (the reminders' pass). */
export function findSessionsStartingBetween(db: Db, from: Date, to: Date): Promise<LiveSessionRow[]> {
  return db
    .selectFrom('live_sessions')
    .selectAll()
    .where('cancelled_at', 'is', null)
    .where('starts_at', '>', from.toISOString())
    .where('starts_at', '<=', to.toISOString())
    .orderBy('starts_at')
    .execute();
}

/** Claims one notice; false when it was claimed before (by this pass, another process or an earlier run). */
export async function claimNotice(db: Db, notice: Omit<LiveNoticesTable, 'created_at'>, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('live_notices')
    .values({ ...notice, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['session_id', 'user_id', 'kind', 'occasion']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The learners already sent this notice (this kind, about this start) of the session. */
export async function findNoticedUserIds(
  db: Db,
  notice: Pick<LiveNoticesTable, 'session_id' | 'kind' | 'occasion'>,
): Promise<string[]> {
  const rows = await db
    .selectFrom('live_notices')
    .select('user_id')
    .where('session_id', '=', notice.session_id)
    .where('kind', '=', notice.kind)
    .where('occasion', '=', notice.occasion)
    .execute();
  return rows.map((row) => row.user_id);
}

/** These sessions, not cancelled, that started by `now` (the recordings' list). */
export function findStartedSessions(db: Db, ids: readonly string[], now: Date): Promise<LiveSessionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('live_sessions')
    .selectAll()
    .where('id', 'in', ids)
    .where('cancelled_at', 'is', null)
    .where('starts_at', '<=', now.toISOString())
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .execute();
}

/** When the session's recording opens to its audience (null: as soon as it is ready). */
export async function updateRecordingRelease(db: Db, id: string, releaseAt: string | null, stamp: string) {
  await db
    .updateTable('live_sessions')
    .set({ recording_release_at: releaseAt, updated_at: stamp })
    .where('id', '=', id)
    .execute();
}
