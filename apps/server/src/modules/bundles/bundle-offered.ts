import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { OfferedItem } from '../plans/index.js';
import { withCourses } from './read-bundles.js';
import { findBundleRow } from './repo.js';

/**
 * What a bundle's instalment offer sells, for the console's `/api/admin/bundles/:id/instalments`: its title
 * and courses as they are now (published or not); an unknown bundle is not found.
 */
export async function bundleOffered(db: Db, id: string): Promise<OfferedItem> {
  const row = await findBundleRow(db, id);
  if (!row) throw new AppError('not_found', messages.bundleNotFound);
  const [loaded] = await withCourses(db, [row]);
  return { bundleId: id, title: row.title, courseIds: (loaded?.courses ?? []).map((course) => course.id) };
}
