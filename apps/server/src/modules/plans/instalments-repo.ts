import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * A course's instalment offer (decision 0038): a hidden plan row (`kind = 'instalments'`) with the course
 * as its one `plan_courses` row and in `instalment_course_id` (unique: one offer row per course).
 */
export interface InstalmentPlanRow {
  id: string;
  price_paise: number;
  total_count: number | null;
  published: number;
}

export function findInstalmentPlan(db: Db, courseId: string): Promise<InstalmentPlanRow | undefined> {
  return db
    .selectFrom('plans')
    .select(['id', 'price_paise', 'total_count', 'published'])
    .where('instalment_course_id', '=', courseId)
    .where('kind', '=', 'instalments')
    .executeTakeFirst();
}

/** The offer's row for this course, made unless one exists (two saves at once: the unique course id keeps one). */
export async function insertInstalmentPlan(
  db: Db,
  row: { id: string; courseId: string; title: string; pricePaise: number; count: number; now: string },
): Promise<void> {
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
      instalment_course_id: row.courseId,
      published: 1,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('instalment_course_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await db.insertInto('plan_courses').values({ plan_id: row.id, course_id: row.courseId, position: 0 }).execute();
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

/** What a subscription to this plan needs beyond a membership's: its kind, N and the course. */
export function findPlanKind(db: Db, planId: string) {
  return db
    .selectFrom('plans')
    .select(['kind', 'total_count', 'instalment_course_id'])
    .where('id', '=', planId)
    .executeTakeFirst();
}
