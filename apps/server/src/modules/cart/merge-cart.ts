import type { Db } from '../../db/database.js';
import { findPublishedCourseIds } from '../courses/index.js';
import { coursesInInstalments } from '../subscriptions/index.js';
import { ensureCartId, findOwnedCourseIds, insertCartItems } from './repo.js';

/**
 * Moves a visitor's browser cart into their server cart at sign-in. Unknown, unpublished and owned
 * courses are skipped (and those the learner pays for in instalments), and so is anything already in the cart, so sending the same list twice adds
 * nothing the second time. Returns how many courses were added.
 */
export async function mergeCart(db: Db, userId: string, courseIds: string[], now = new Date()): Promise<number> {
  const unique = [...new Set(courseIds)];
  const published = await findPublishedCourseIds(db, unique);
  const owned = await findOwnedCourseIds(db, userId, unique);
  const inInstalments = await coursesInInstalments(db, userId, unique);
  const wanted = unique.filter((id) => published.has(id) && !owned.has(id) && !inInstalments.has(id));
  if (wanted.length === 0) return 0;
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const cartId = await ensureCartId(trx, userId, stamp);
    return insertCartItems(trx, cartId, wanted, stamp);
  });
}
