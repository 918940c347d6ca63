import type { Db, DbKind } from '../../db/database.js';
import type { CohortsTable } from '../../db/schema.js';

export interface LearnerCohort {
  id: string;
  title: string;
  /** An India date, YYYY-MM-DD. */
  startsOn: string;
}

/** The cohort a learner took a seat in for a course, if any (one per learner and course). */
export async function findLearnerCohort(db: Db, userId: string, courseId: string): Promise<LearnerCohort | undefined> {
  const row = await db
    .selectFrom('cohort_members')
    .innerJoin('cohorts', 'cohorts.id', 'cohort_members.cohort_id')
    .select(['cohorts.id', 'cohorts.title', 'cohorts.starts_on'])
    .where('cohort_members.user_id', '=', userId)
    .where('cohort_members.course_id', '=', courseId)
    .executeTakeFirst();
  return row && { id: row.id, title: row.title, startsOn: row.starts_on };
}

export type CohortRow = CohortsTable;
/** A cohort with the number of seats taken in it. */
export type CohortWithTaken = CohortRow & { taken: number };

const withTaken = (db: Db) =>
  db
    .selectFrom('cohorts')
    .selectAll('cohorts')
    .select((eb) =>
      eb
        .selectFrom('cohort_members')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('cohort_members.cohort_id', '=', 'cohorts.id')
        .as('taken'),
    );

const counted = (row: CohortRow & { taken: number | string | bigint | null }): CohortWithTaken => ({
  ...row,
  taken: Number(row.taken ?? 0),
});

/** A course's cohorts, soonest start first, each with its seats taken. */
export async function findCourseCohorts(db: Db, courseId: string): Promise<CohortWithTaken[]> {
  const rows = await withTaken(db)
    .where('cohorts.course_id', '=', courseId)
    .orderBy('cohorts.starts_on')
    .orderBy('cohorts.created_at')
    .orderBy('cohorts.id')
    .execute();
  return rows.map(counted);
}

/** Every cohort, soonest start first, each with its seats taken. */
export async function findAllCohorts(db: Db): Promise<CohortWithTaken[]> {
  const rows = await withTaken(db).orderBy('cohorts.starts_on').orderBy('cohorts.id').execute();
  return rows.map(counted);
}

export async function findCohort(db: Db, id: string): Promise<CohortWithTaken | undefined> {
  const row = await withTaken(db).where('cohorts.id', '=', id).executeTakeFirst();
  return row && counted(row);
}

/** Whether the course has any cohort: such a course is sold by cohort only. */
export async function courseHasCohorts(db: Db, courseId: string): Promise<boolean> {
  const row = await db.selectFrom('cohorts').select('id').where('course_id', '=', courseId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertCohort(db: Db, row: CohortRow): Promise<void> {
  await db.insertInto('cohorts').values(row).execute();
}

/** The demo's cohorts, once: a row already there stays as it is (the seed). */
export async function insertMissingCohorts(db: Db, rows: CohortRow[]): Promise<void> {
  await db
    .insertInto('cohorts')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function updateCohort(
  db: Db,
  id: string,
  fields: Partial<Pick<CohortRow, 'title' | 'starts_on' | 'seats' | 'enrol_until'>>,
  now: string,
): Promise<void> {
  await db
    .updateTable('cohorts')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the row lock that serialises the seats of one cohort: the last seat goes to one buyer. PostgreSQL
 * needs `FOR UPDATE`; SQLite runs one write transaction at a time already (as orders/repo.ts lockRow).
 */
export async function lockCohort(trx: Db, kind: DbKind, id: string): Promise<void> {
  if (kind !== 'postgres') return;
  await trx.selectFrom('cohorts').select('id').where('id', '=', id).forUpdate().execute();
}

export async function countMembers(db: Db, cohortId: string): Promise<number> {
  const row = await db
    .selectFrom('cohort_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cohort_id', '=', cohortId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A seat for the learner; one cohort per learner and course, so a second seat in that course changes nothing. */
export async function insertMember(
  db: Db,
  row: { cohortId: string; userId: string; courseId: string; orderId: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('cohort_members')
    .values({
      cohort_id: row.cohortId,
      user_id: row.userId,
      course_id: row.courseId,
      order_id: row.orderId,
      joined_at: row.now,
    })
    .onConflict((oc) => oc.columns(['course_id', 'user_id']).doNothing())
    .execute();
}

/** The seats an order took (its refund gives them back). */
export async function deleteMembersOfOrder(db: Db, orderId: string): Promise<void> {
  await db.deleteFrom('cohort_members').where('order_id', '=', orderId).execute();
}

/** The ids of a cohort's members. */
export async function findMemberIds(db: Db, cohortId: string): Promise<string[]> {
  const rows = await db.selectFrom('cohort_members').select('user_id').where('cohort_id', '=', cohortId).execute();
  return rows.map((row) => row.user_id);
}

export async function isMember(db: Db, cohortId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cohort_members')
    .select('user_id')
    .where('cohort_id', '=', cohortId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The learner's seats with their cohorts, for the data export. */
export async function findSeatsOf(db: Db, userId: string) {
  return db
    .selectFrom('cohort_members')
    .innerJoin('cohorts', 'cohorts.id', 'cohort_members.cohort_id')
    .select([
      'cohorts.id',
      'cohorts.course_id',
      'cohorts.title',
      'cohorts.starts_on',
      'cohort_members.joined_at',
      'cohort_members.order_id',
    ])
    .where('cohort_members.user_id', '=', userId)
    .orderBy('cohort_members.joined_at')
    .execute();
}

export async function deleteSeatsOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('cohort_members').where('user_id', '=', userId).execute();
}
