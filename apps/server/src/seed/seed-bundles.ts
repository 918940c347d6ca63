import type { Db } from '../db/database.js';
import { upsertBundle } from '../modules/bundles/repo.js';
import { demoCourses } from './seed-courses.js';

/** The demo bundle: the first three demo courses together, for less than they cost one by one. */
export const DEMO_BUNDLE_ID = '64a1f0c2b7e4d1a2c3e5b001';
export const DEMO_BUNDLE_TITLE = "Trader's Starter Bundle";
export const demoBundleCourseIds = () => demoCourses.slice(0, 3).map((course) => course._id as string);

export async function seedBundles(db: Db, now = new Date()): Promise<void> {
  const courseIds = demoBundleCourseIds();
  await upsertBundle(
    db,
    {
      id: DEMO_BUNDLE_ID,
      title: DEMO_BUNDLE_TITLE,
      description:
        'Read price action, follow a 15-minute trend system and trade futures: the three first courses of the path, together.',
      price_paise: 1_499_900,
      published: 1,
    },
    courseIds,
    now.toISOString(),
  );
}
