import type { Db } from '../../db/database.js';
import { instalmentCoursesOf } from '../plans/index.js';
import { findChargingInstalmentPlanIds } from './instalments-repo.js';

/**
 * Of these courses, the ones the learner is paying for in instalments (decision 0038), alone or in a
 * bundle (`exceptPlanId`: leaving out that offer's own subscription): a subscription
 * that may still charge them (authorised, not ended, not cancelled at its period's end), or one
 * completed whose course is not granted yet. Such a course is not sold to them again outright: the cart
 * refuses it and a payment that arrives for it anyway goes back (orders' unfulfillable check), so no
 * learner pays twice for one course.
 */
export async function coursesInInstalments(
  db: Db,
  userId: string,
  courseIds: string[],
  options: { exceptPlanId?: string } = {},
): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const planIds = await findChargingInstalmentPlanIds(db, userId);
  const held = new Set<string>();
  for (const planId of planIds) {
    if (planId === options.exceptPlanId) continue;
    for (const courseId of await instalmentCoursesOf(db, planId)) if (courseIds.includes(courseId)) held.add(courseId);
  }
  return held;
}
