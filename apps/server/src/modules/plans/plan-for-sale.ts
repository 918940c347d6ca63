import type { Db } from '../../db/database.js';
import type { PlansTable } from '../../db/schema.js';
import { findInstalmentCourseIds } from './instalments-repo.js';
import { findPlanWithKind } from './repo.js';

/** A published plan as a subscription is made to it. */
export interface PlanForSale {
  id: string;
  title: string;
  pricePaise: number;
  period: PlansTable['period'];
  trialDays: number;
  /** Changes with the price or period: each version needs its own gateway plan. */
  priceVersion: number;
  /**
   * An instalment offer (decision 0038): N payments selling `instalmentCourseIds` (a course's one, or the
   * bundle `instalmentBundleId`'s); else null, null and [].
   */
  totalCount: number | null;
  instalmentBundleId: string | null;
  instalmentCourseIds: string[];
}

/** The plan if it is published, else undefined. */
export async function findPlanForSale(db: Db, planId: string): Promise<PlanForSale | undefined> {
  const row = await findPlanWithKind(db, planId);
  if (row?.published !== 1) return undefined;
  const instalments = row.kind === 'instalments';
  return {
    totalCount: instalments ? row.total_count : null,
    instalmentBundleId: instalments ? row.instalment_bundle_id : null,
    instalmentCourseIds: instalments ? await findInstalmentCourseIds(db, row.id) : [],
    id: row.id,
    title: row.title,
    pricePaise: row.price_paise,
    period: row.period,
    trialDays: row.trial_days,
    priceVersion: row.price_version,
  };
}

/**
 * How a charge's invoice names the plan, published or not: "{title} membership", or an instalment
 * offer's own title ("{course} in N monthly payments") with its number of payments; '' for an unknown plan.
 */
export async function planInvoiceName(db: Db, planId: string): Promise<{ name: string; totalCount: number | null }> {
  const row = await findPlanWithKind(db, planId);
  if (!row) return { name: '', totalCount: null };
  if (row.kind === 'instalments') return { name: row.title, totalCount: row.total_count };
  return { name: `${row.title} membership`, totalCount: null };
}

/** A plan as a learner's list of memberships names it, published or not: its title and, for instalments, the course or bundle. */
export async function planSummary(
  db: Db,
  planId: string,
): Promise<{ title: string; instalmentCourseId: string | null; instalmentBundleId: string | null } | undefined> {
  const row = await findPlanWithKind(db, planId);
  if (!row) return undefined;
  const instalments = row.kind === 'instalments';
  return {
    title: row.title,
    instalmentCourseId: instalments ? row.instalment_course_id : null,
    instalmentBundleId: instalments ? row.instalment_bundle_id : null,
  };
}

/** Whether a plan includes a course: listed in it, or a plan of every course and the course is published. */
export async function planIncludesCourse(db: Db, planId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('plans')
    .select('id')
    .where('id', '=', planId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('plan_courses')
            .select('plan_id')
            .where('plan_id', '=', planId)
            .where('course_id', '=', courseId),
        ),
        eb.and([
          eb('all_courses', '=', 1),
          eb.exists(eb.selectFrom('courses').select('id').where('id', '=', courseId).where('published', '=', 1)),
        ]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
