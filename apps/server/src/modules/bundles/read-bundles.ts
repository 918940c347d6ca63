import type { AdminBundle, Bundle } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { type BundleCourseRow, type BundleRow, findBundleCourses } from './repo.js';

export interface LoadedBundle {
  row: BundleRow;
  /** Every included course, published or not (a bundle with an unpublished course is not for sale). */
  courses: BundleCourseRow[];
}

/** The rows with their courses, in the rows' order. */
export async function withCourses(db: Db, rows: BundleRow[]): Promise<LoadedBundle[]> {
  const courses = await findBundleCourses(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, courses: courses.filter((course) => course.bundle_id === row.id) }));
}

/** A bundle may be sold while it is published and every course in it is too. */
export function isOnSale(bundle: LoadedBundle): boolean {
  return bundle.row.published === 1 && bundle.courses.length >= 2 && bundle.courses.every((c) => c.published === 1);
}

export function toBundle({ row, courses }: LoadedBundle): Bundle {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price_paise / 100,
    coursesPrice: courses.reduce((sum, course) => sum + course.price_paise, 0) / 100,
    courses: courses.map((course) => ({
      _id: course.id,
      title: course.title,
      price: course.price_paise / 100,
      thumb: course.thumb,
    })),
  };
}

export function toAdminBundle(bundle: LoadedBundle): AdminBundle {
  return {
    ...toBundle(bundle),
    published: bundle.row.published === 1,
    courseIds: bundle.courses.map((course) => course.id),
  };
}
