import type { Db } from '../../db/database.js';
import { isOnSale, withCourses } from './read-bundles.js';
import { findPublishedBundleRows } from './repo.js';

export interface BundleOnSale {
  id: string;
  title: string;
  pricePaise: number;
  courses: { id: string; title: string; pricePaise: number }[];
}

/** Of these bundle ids, the bundles that may be sold now, with their courses in order; the others are left out. */
export async function findBundlesOnSale(db: Db, ids: string[]): Promise<BundleOnSale[]> {
  const loaded = await withCourses(db, await findPublishedBundleRows(db, [...new Set(ids)]));
  return loaded.filter(isOnSale).map(({ row, courses }) => ({
    id: row.id,
    title: row.title,
    pricePaise: row.price_paise,
    courses: courses.map((course) => ({ id: course.id, title: course.title, pricePaise: course.price_paise })),
  }));
}
