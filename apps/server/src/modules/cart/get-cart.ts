import type { Cart } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { cohortSummary } from '../cohorts/index.js';
import { findCartBundles } from './cart-bundles.js';
import { findCartLines } from './repo.js';

/**
 * The spec's cart shape: each entry's `courseId` is the populated course, price in rupees. Bundles are
 * listed beside the courses, each one line at its price, only when the cart holds one. A course bought for
 * a cohort names it (issue 35).
 */
export async function getCart(db: Db, userId: string): Promise<Cart> {
  const lines = await findCartLines(db, userId);
  const bundles = await findCartBundles(db, userId);
  const cohorts = await Promise.all(lines.map((line) => (line.cohort_id ? cohortSummary(db, line.cohort_id) : null)));
  return {
    userId,
    courses: lines.map((line, index) => {
      const cohort = cohorts[index];
      return {
        courseId: { _id: line.id, title: line.title, price: line.price_paise / 100, thumb: line.thumb },
        quantity: line.quantity,
        ...(cohort ? { cohort: { _id: cohort.id, title: cohort.title, startsOn: cohort.startsOn } } : {}),
      };
    }),
    ...(bundles.length === 0
      ? {}
      : {
          bundles: bundles.map((bundle) => ({
            _id: bundle.id,
            title: bundle.title,
            price: bundle.pricePaise / 100,
            courses: bundle.courses.map((course) => ({
              _id: course.id,
              title: course.title,
              owned: bundle.ownedCourseIds.has(course.id),
            })),
          })),
        }),
  };
}
