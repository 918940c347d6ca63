import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PlansTable } from '../../db/schema.js';

export interface PlanRow {
  id: string;
  title: string;
  description: string;
  thumb: string | null;
  price_paise: number;
  period: PlansTable['period'];
  trial_days: number;
  all_courses: number;
  live_sessions: number;
  community: number;
  published: number;
  price_version: number;
}

export interface PlanCourseRow {
  plan_id: string;
  id: string;
  title: string;
  price_paise: number;
  thumb: string;
  published: number;
}

const planColumns = [
  'id',
  'title',
  'description',
  'thumb',
  'price_paise',
  'period',
  'trial_days',
  'all_courses',
  'live_sessions',
  'community',
  'published',
  'price_version',
] as const;

export function findPlanRow(db: Db, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').select(planColumns).where('id', '=', id).executeTakeFirst();
}

/** The plan with what a subscription to it needs beyond a membership's: its kind, N and the course or bundle (decision 0038). */
export function findPlanWithKind(db: Db, id: string) {
  return db
    .selectFrom('plans')
    .select([...planColumns, 'kind', 'total_count', 'instalment_course_id', 'instalment_bundle_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A membership plan (not a course's hidden instalment plan, decision 0038): the shop's and the console's. */
export function findMembershipPlanRow(db: Db, id: string): Promise<PlanRow | undefined> {
  return db
    .selectFrom('plans')
    .select(planColumns)
    .where('id', '=', id)
    .where('kind', '=', 'membership')
    .executeTakeFirst();
}

/** Every membership plan, newest first (the console's list). */
export function findAllPlanRows(db: Db): Promise<PlanRow[]> {
  return db
    .selectFrom('plans')
    .select(planColumns)
    .where('kind', '=', 'membership')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Published plans, cheapest first; with a course id, only those that include it: listed, or every
 * course while that course is published.
 */
export function findPublishedPlanRows(db: Db, courseId?: string): Promise<PlanRow[]> {
  // A course's instalment offer is a plan too (decision 0038), never listed as a membership.
  let query = db.selectFrom('plans').select(planColumns).where('published', '=', 1).where('kind', '=', 'membership');
  if (courseId) {
    query = query.where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('plan_courses').select('plan_id').where('course_id', '=', courseId)),
        eb.and([
          eb('all_courses', '=', 1),
          eb.exists(eb.selectFrom('courses').select('id').where('id', '=', courseId).where('published', '=', 1)),
        ]),
      ]),
    );
  }
  return query.orderBy('price_paise').orderBy('created_at').orderBy('id').execute();
}

/** The listed courses of these plans, in each plan's own order. */
export function findPlanCourses(db: Db, planIds: string[]): Promise<PlanCourseRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plan_courses')
    .innerJoin('courses', 'courses.id', 'plan_courses.course_id')
    .select([
      'plan_courses.plan_id',
      'courses.id',
      'courses.title',
      'courses.price_paise',
      'courses.thumb',
      'courses.published',
    ])
    .where('plan_courses.plan_id', 'in', planIds)
    .orderBy('plan_courses.plan_id')
    .orderBy('plan_courses.position')
    .execute();
}

export async function insertPlan(
  db: Db,
  row: Omit<PlanRow, 'price_version'> & { created_at: string; updated_at: string },
): Promise<void> {
  await db.insertInto('plans').values(row).execute();
}

/** Changes these columns; `newPriceVersion` counts a change of price or period in the same statement. */
export async function updatePlan(
  db: Db,
  id: string,
  columns: Partial<Omit<PlanRow, 'id' | 'price_version'>> & { updated_at: string },
  newPriceVersion: boolean,
): Promise<void> {
  await db
    .updateTable('plans')
    .set(newPriceVersion ? { ...columns, price_version: sql<number>`price_version + 1` } : columns)
    .where('id', '=', id)
    .execute();
}

/** Replaces the plan's course list, in the order given (none for a plan of every course). */
export async function replacePlanCourses(db: Db, planId: string, courseIds: string[]): Promise<void> {
  await db.deleteFrom('plan_courses').where('plan_id', '=', planId).execute();
  if (courseIds.length === 0) return;
  await db
    .insertInto('plan_courses')
    .values(courseIds.map((courseId, position) => ({ plan_id: planId, course_id: courseId, position })))
    .execute();
}

/** Writes a plan with this id, whether it exists or not (the demo seed). */
export async function upsertPlan(db: Db, row: Omit<PlanRow, 'price_version'>, now: string): Promise<void> {
  const { id: _id, ...columns } = row;
  await db
    .insertInto('plans')
    .values({ ...row, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...columns, updated_at: now }))
    .execute();
}
