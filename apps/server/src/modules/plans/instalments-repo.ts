import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { replacePlanCourses } from './repo.js';

/**
 * A course's instalment offer (decision 0038): a hidden plan row (`kind = 'instalments'`) with the course
 * as its one `plan_courses` row and in `instalment_course_id` (unique: one offer row per course). A
 * bundle's offer is the same with the bundle in `instalment_bundle_id` and its courses in `plan_courses`.
 */
export interface InstalmentPlanRow {
  id: string;
  price_paise: number;
  total_count: number | null;
  published: number;
}

/** What an offer sells: one course, or one bundle. */
export type OfferSubject = { courseId: string } | { bundleId: string };

const subjectColumn = (subject: OfferSubject) =>
  'courseId' in subject
    ? ({ column: 'instalment_course_id', id: subject.courseId } as const)
    : ({ column: 'instalment_bundle_id', id: subject.bundleId } as const);

export function findInstalmentPlan(db: Db, subject: OfferSubject): Promise<InstalmentPlanRow | undefined> {
  const { column, id } = subjectColumn(subject);
  return db
    .selectFrom('plans')
    .select(['id', 'price_paise', 'total_count', 'published'])
    .where(column, '=', id)
    .where('kind', '=', 'instalments')
    .executeTakeFirst();
}

/**
 * The offer's row for this course or bundle, with its courses, made unless one exists (two saves at once:
 * the unique course or bundle id keeps one).
 */
export async function insertInstalmentPlan(
  db: Db,
  row: {
    id: string;
    subject: OfferSubject;
    courseIds: string[];
    title: string;
    pricePaise: number;
    count: number;
    now: string;
  },
): Promise<void> {
  const { column, id } = subjectColumn(row.subject);
  const inserted = await db
    .insertInto('plans')
    .values({
      id: row.id,
      kind: 'instalments',
      title: row.title,
      description: row.title,
      thumb: null,
      price_paise: row.pricePaise,
      period: 'month',
      total_count: row.count,
      instalment_course_id: null,
      instalment_bundle_id: null,
      [column]: id,
      published: 1,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column(column).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await replacePlanCourses(db, row.id, row.courseIds);
}

/**
 * Sets the offer's count and amount and puts it on sale; a new amount counts a new price version (the
 * gateway's plans cannot change: new buyers get a new one, those paying keep theirs).
 */
export async function updateInstalmentPlan(
  db: Db,
  id: string,
  change: { title: string; pricePaise: number; count: number; now: string },
): Promise<void> {
  await db
    .updateTable('plans')
    .set({
      title: change.title,
      description: change.title,
      total_count: change.count,
      published: 1,
      updated_at: change.now,
      price_paise: change.pricePaise,
      price_version: sql<number>`case when price_paise = ${change.pricePaise} then price_version else price_version + 1 end`,
    })
    .where('id', '=', id)
    .execute();
}

/** Takes the offer off sale: no new buyer; those paying carry on (their plan and subscription stay). */
export async function withdrawInstalmentPlan(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('plans').set({ published: 0, updated_at: now }).where('id', '=', id).execute();
}

/** The offer's courses become these (a bundle's, when the bundle's change); nothing without an offer. */
export async function setOfferCourses(db: Db, subject: OfferSubject, courseIds: string[]): Promise<void> {
  const row = await findInstalmentPlan(db, subject);
  if (row) await replacePlanCourses(db, row.id, courseIds);
}

/** The courses an instalment plan sells, in order (none for a membership plan). */
export async function findInstalmentCourseIds(db: Db, planId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('plan_courses')
    .innerJoin('plans', 'plans.id', 'plan_courses.plan_id')
    .select('plan_courses.course_id')
    .where('plan_courses.plan_id', '=', planId)
    .where('plans.kind', '=', 'instalments')
    .orderBy('plan_courses.position')
    .execute();
  return rows.map((row) => row.course_id);
}
