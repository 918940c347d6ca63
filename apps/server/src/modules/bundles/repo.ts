import type { Db } from '../../db/database.js';

export interface BundleRow {
  id: string;
  title: string;
  description: string;
  price_paise: number;
  published: number;
}

export interface BundleCourseRow {
  bundle_id: string;
  id: string;
  title: string;
  price_paise: number;
  thumb: string;
  published: number;
}

const bundleColumns = ['id', 'title', 'description', 'price_paise', 'published'] as const;

export function findBundleRow(db: Db, id: string): Promise<BundleRow | undefined> {
  return db.selectFrom('bundles').select(bundleColumns).where('id', '=', id).executeTakeFirst();
}

/** Every bundle, newest first (the console's list). */
export function findAllBundleRows(db: Db): Promise<BundleRow[]> {
  return db.selectFrom('bundles').select(bundleColumns).orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Published bundles, oldest first; with a course id, only those that include it. */
export function findPublishedBundleRows(db: Db, ids?: string[], courseId?: string): Promise<BundleRow[]> {
  let query = db.selectFrom('bundles').select(bundleColumns).where('published', '=', 1);
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', ids);
  }
  if (courseId) {
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('bundle_courses').select('bundle_id').where('course_id', '=', courseId),
    );
  }
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The courses of these bundles, in each bundle's own order. */
export function findBundleCourses(db: Db, bundleIds: string[]): Promise<BundleCourseRow[]> {
  if (bundleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bundle_courses')
    .innerJoin('courses', 'courses.id', 'bundle_courses.course_id')
    .select([
      'bundle_courses.bundle_id',
      'courses.id',
      'courses.title',
      'courses.price_paise',
      'courses.thumb',
      'courses.published',
    ])
    .where('bundle_courses.bundle_id', 'in', bundleIds)
    .orderBy('bundle_courses.bundle_id')
    .orderBy('bundle_courses.position')
    .execute();
}

export async function insertBundle(db: Db, row: BundleRow & { created_at: string; updated_at: string }): Promise<void> {
  await db.insertInto('bundles').values(row).execute();
}

export async function updateBundle(
  db: Db,
  id: string,
  columns: Partial<Omit<BundleRow, 'id'>> & { updated_at: string },
): Promise<void> {
  await db.updateTable('bundles').set(columns).where('id', '=', id).execute();
}

/** Replaces the bundle's course list, in the order given. */
export async function replaceBundleCourses(db: Db, bundleId: string, courseIds: string[]): Promise<void> {
  await db.deleteFrom('bundle_courses').where('bundle_id', '=', bundleId).execute();
  await db
    .insertInto('bundle_courses')
    .values(courseIds.map((courseId, position) => ({ bundle_id: bundleId, course_id: courseId, position })))
    .execute();
}

/** Writes a bundle with this id and its courses, whether it exists or not (the demo seed). */
export async function upsertBundle(db: Db, row: BundleRow, courseIds: string[], now: string): Promise<void> {
  await db
    .insertInto('bundles')
    .values({ ...row, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        title: row.title,
        description: row.description,
        price_paise: row.price_paise,
        published: row.published,
        updated_at: now,
      }),
    )
    .execute();
  await replaceBundleCourses(db, row.id, courseIds);
}
