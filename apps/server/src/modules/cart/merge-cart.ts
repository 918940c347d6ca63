import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { cohortForSale } from '../cohorts/index.js';
import { findPublishedCourseIds } from '../courses/index.js';
import { coursesInInstalments } from '../subscriptions/index.js';
import { ensureCartId, findOwnedCourseIds, insertCartItems, setCartItemCohort } from './repo.js';

/** The cohort each course goes in with (issue 35): null for a self-paced course, or undefined when it may not go in. */
async function cohortsOf(db: Db, courseIds: string[], picked: Record<string, string>, now: Date) {
  const chosen = new Map<string, string | null>();
  for (const courseId of courseIds) {
    try {
      chosen.set(courseId, (await cohortForSale(db, courseId, picked[courseId], now))?.id ?? null);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return chosen;
}

/**
 * Moves a visitor's browser cart into their server cart at sign-in. Unknown, unpublished and owned
 * courses are skipped (and those the learner pays for in instalments), and so is anything already in the
 * cart, so sending the same list twice adds nothing the second time. A course that runs in cohorts comes
 * with the cohort picked in the browser (`cohorts`); one whose cohort is missing, closed or full meanwhile is
 * skipped like an unpublished one (the course page asks for a cohort again). Returns how many were added.
 */
export async function mergeCart(
  db: Db,
  userId: string,
  courseIds: string[],
  picked: Record<string, string> = {},
  now = new Date(),
): Promise<number> {
  const unique = [...new Set(courseIds)];
  const published = await findPublishedCourseIds(db, unique);
  const owned = await findOwnedCourseIds(db, userId, unique);
  const inInstalments = await coursesInInstalments(db, userId, unique);
  const eligible = unique.filter((id) => published.has(id) && !owned.has(id) && !inInstalments.has(id));
  const cohorts = await cohortsOf(db, eligible, picked, now);
  const wanted = eligible.filter((id) => cohorts.has(id));
  if (wanted.length === 0) return 0;
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const cartId = await ensureCartId(trx, userId, stamp);
    const added = await insertCartItems(trx, cartId, wanted, stamp);
    for (const id of wanted) {
      const cohortId = cohorts.get(id);
      if (cohortId) await setCartItemCohort(trx, userId, id, cohortId);
    }
    return added;
  });
}
