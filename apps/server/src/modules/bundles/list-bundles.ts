import { type Bundle, type BundleDetail, messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findInstalmentOffer } from '../plans/index.js';
import { isOnSale, toBundle, withCourses } from './read-bundles.js';
import { findPublishedBundleRows } from './repo.js';

/** The bundles on sale (published, every course published); with a course id, those that include it. */
export async function listBundles(db: Db, courseId?: string): Promise<Bundle[]> {
  const loaded = await withCourses(db, await findPublishedBundleRows(db, undefined, courseId));
  return loaded.filter(isOnSale).map(toBundle);
}

/**
 * One bundle on sale with its instalment offer; anything else (unknown, unpublished, with a course taken
 * off sale) is not found.
 */
export async function getBundle(db: Db, id: string): Promise<BundleDetail> {
  const [loaded] = await withCourses(db, await findPublishedBundleRows(db, [id]));
  if (!loaded || !isOnSale(loaded)) throw new AppError('not_found', messages.bundleNotFound);
  return { ...toBundle(loaded), instalments: await findInstalmentOffer(db, { bundleId: id }) };
}
