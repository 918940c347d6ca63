import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findBundlesOnSale } from '../bundles/index.js';
import { coursesInInstalments } from '../subscriptions/index.js';
import { findCartBundles } from './cart-bundles.js';
import { deleteCartItem, ensureCartId, findCartLines, findOwnedCourseIds, insertCartBundle } from './repo.js';

/**
 * Puts a bundle in the cart once. A bundle whose every course the learner owns is refused (it would sell
 * nothing); one that shares a course with another bundle in the cart is refused too (a course is bought
 * once per order). A course already in the cart that the bundle includes leaves the cart: the bundle
 * brings it. Included courses the learner owns are allowed, and the cart names them; one they are paying
 * for in instalments is not (they would pay twice: checkout refuses it too).
 */
export async function addBundleToCart(db: Db, userId: string, bundleId: string, now = new Date()): Promise<void> {
  const [bundle] = await findBundlesOnSale(db, [bundleId]);
  if (!bundle) throw new AppError('not_found', messages.bundleNotFound);
  const included = bundle.courses.map((course) => course.id);
  const owned = await findOwnedCourseIds(db, userId, included);
  if (owned.size === included.length) throw new AppError('conflict', messages.bundleAllOwned);
  if ((await coursesInInstalments(db, userId, included)).size > 0)
    throw new AppError('conflict', messages.bundleInInstalments);
  const others = (await findCartBundles(db, userId)).filter((other) => other.id !== bundleId);
  if (others.some((other) => other.courses.some((course) => included.includes(course.id))))
    throw new AppError('conflict', messages.bundleOverlapsCart);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const cartId = await ensureCartId(trx, userId, stamp);
    await insertCartBundle(trx, cartId, bundleId, stamp);
    for (const line of await findCartLines(trx, userId)) {
      if (included.includes(line.id)) await deleteCartItem(trx, userId, line.id);
    }
  });
}
