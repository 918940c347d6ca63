import { messages, type Plan, type PlanDetail } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findPublishedCourses } from '../courses/index.js';
import { toPlan, toPlanCourse, withCourses } from './read-plans.js';
import { findMembershipPlanRow, findPublishedPlanRows } from './repo.js';

/** The published plans, cheapest first; with a course id, those that include it. */
export async function listPlans(db: Db, courseId?: string): Promise<Plan[]> {
  return (await withCourses(db, await findPublishedPlanRows(db, courseId))).map(toPlan);
}

/**
 * One published plan with the courses a member may open today: the listed ones still published, or for
 * a plan of every course, every published course. Anything else (unknown, unpublished) is not found.
 */
export async function getPlan(db: Db, id: string): Promise<PlanDetail> {
  const row = await findMembershipPlanRow(db, id);
  if (row?.published !== 1) throw new AppError('not_found', messages.planNotFound);
  const [loaded] = await withCourses(db, [row]);
  const plan = toPlan(loaded as NonNullable<typeof loaded>);
  const courses = plan.allCourses
    ? (await findPublishedCourses(db)).map(toPlanCourse)
    : (loaded?.courses ?? []).filter((course) => course.published === 1).map(toPlanCourse);
  return { ...plan, courses };
}
