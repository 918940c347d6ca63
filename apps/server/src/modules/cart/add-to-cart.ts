import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { cohortForSale } from '../cohorts/index.js';
import { coursesInInstalments } from '../subscriptions/index.js';
import { findCartBundles } from './cart-bundles.js';
import { addCartItem, setCartItemCohort } from './repo.js';

/**
 * Puts a course in the cart once; adding it again changes nothing and is not an error. A course that a
 * bundle in the cart brings already is refused: one order sells a course once. So is a course the
 * learner is paying for in instalments: they would pay for it twice. A course that runs in cohorts goes in
 * with one of its cohorts open for enrolment and with a seat left (issue 35; 400 otherwise, and nothing
 * changes); adding it again with another cohort switches the cohort.
 */
export async function addToCart(
  db: Db,
  userId: string,
  courseId: string,
  cohortId?: string,
  now = new Date(),
): Promise<void> {
  const bundles = await findCartBundles(db, userId);
  if (bundles.some((bundle) => bundle.courses.some((course) => course.id === courseId)))
    throw new AppError('conflict', messages.courseInCartBundle);
  if ((await coursesInInstalments(db, userId, [courseId])).size > 0)
    throw new AppError('conflict', messages.courseInInstalments);
  const cohort = await cohortForSale(db, courseId, cohortId, now);
  const outcome = await addCartItem(db, userId, courseId, now.toISOString());
  if (outcome === 'missing') throw new AppError('not_found', messages.courseNotFound);
  if (outcome === 'owned') throw new AppError('conflict', messages.courseOwned);
  if (cohort) await setCartItemCohort(db, userId, courseId, cohort.id);
}
