import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { coursesInInstalments } from '../subscriptions/index.js';
import { findCartBundles } from './cart-bundles.js';
import { addCartItem } from './repo.js';

/**
 * Puts a course in the cart once; adding it again changes nothing and is not an error. A course that a
 * bundle in the cart brings already is refused: one order sells a course once. So is a course the
 * learner is paying for in instalments: they would pay for it twice.
 */
export async function addToCart(db: Db, userId: string, courseId: string, now = new Date()): Promise<void> {
  const bundles = await findCartBundles(db, userId);
  if (bundles.some((bundle) => bundle.courses.some((course) => course.id === courseId)))
    throw new AppError('conflict', messages.courseInCartBundle);
  if ((await coursesInInstalments(db, userId, [courseId])).size > 0)
    throw new AppError('conflict', messages.courseInInstalments);
  const outcome = await addCartItem(db, userId, courseId, now.toISOString());
  if (outcome === 'missing') throw new AppError('not_found', messages.courseNotFound);
  if (outcome === 'owned') throw new AppError('conflict', messages.courseOwned);
}
