import type { Db } from '../../db/database.js';
import { type BundleOnSale, findBundlesOnSale } from '../bundles/index.js';
import { findCartBundleIds, findOwnedCourseIds } from './repo.js';

/** A bundle in the cart, with the included courses the buyer owns already (named before paying). */
export interface CartBundleLine extends BundleOnSale {
  ownedCourseIds: Set<string>;
}

/**
 * The bundles in a user's cart that can still be bought (on sale, and not every course owned already),
 * in the order they were added. One that was taken off sale drops out of the listing by itself.
 */
export async function findCartBundles(db: Db, userId: string): Promise<CartBundleLine[]> {
  const ids = await findCartBundleIds(db, userId);
  if (ids.length === 0) return [];
  const onSale = new Map((await findBundlesOnSale(db, ids)).map((bundle) => [bundle.id, bundle]));
  const bundles = ids.flatMap((id) => onSale.get(id) ?? []);
  const owned = await findOwnedCourseIds(
    db,
    userId,
    bundles.flatMap((bundle) => bundle.courses.map((course) => course.id)),
  );
  return bundles
    .map((bundle) => ({
      ...bundle,
      ownedCourseIds: new Set(bundle.courses.filter((course) => owned.has(course.id)).map((course) => course.id)),
    }))
    .filter((bundle) => bundle.ownedCourseIds.size < bundle.courses.length);
}
