import type { AdminCourseRow } from '@shop/shared';
import { paiseToRupees } from '@shop/shared';
import type { Db } from '../../db/database.js';

// Grouped by every column it shows (PostgreSQL wants each selected column grouped or aggregated).
const courseColumns = [
  'courses.id',
  'courses.title',
  'courses.thumb',
  'courses.price_paise',
  'courses.level',
  'courses.published',
  'courses.updated_at',
] as const;

/** Every course, published or not, with how many learners own it now. */
export async function listCourses(db: Db): Promise<AdminCourseRow[]> {
  const rows = await db
    .selectFrom('courses')
    .leftJoin('enrolments', (join) =>
      join.onRef('enrolments.course_id', '=', 'courses.id').on('enrolments.revoked_at', 'is', null),
    )
    .select((eb) => [...courseColumns, eb.fn.count<number>('enrolments.id').as('buyers')])
    .groupBy(courseColumns)
    .orderBy('courses.updated_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    thumb: row.thumb,
    price: paiseToRupees(row.price_paise),
    level: row.level,
    published: row.published === 1,
    buyers: Number(row.buyers),
    updatedAt: row.updated_at,
  }));
}
