import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CoursesTable } from '../../db/schema.js';
import { newId } from '../../ids.js';
import { type CourseFields, type SummaryRow, summaryColumns, toCourseColumns } from './course-row.js';

/** Every write of a course's own columns: the console's save and publish, the import and the seed. */

export async function findCourseRow(db: Db, id: string): Promise<Selectable<CoursesTable> | undefined> {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function findPublishedCourses(db: Db, query?: string): Promise<SummaryRow[]> {
  let select = db.selectFrom('courses').select(summaryColumns).where('published', '=', 1);
  if (query) {
    const pattern = `%${escapeLike(query.toLowerCase())}%`;
    select = select.where((eb) =>
      eb.or(
        (['title', 'tag', 'instructor'] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return select.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** A new course; lists it leaves out start empty. */
export async function insertCourse(db: Db, id: string, input: CourseFields, stamp: string): Promise<void> {
  await db
    .insertInto('courses')
    .values({
      id,
      curriculum: '[]',
      lesson_videos: '[]',
      ...toCourseColumns(input),
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

/** Replaces the fields given; lists left out stay as they are. */
export async function updateCourse(db: Db, id: string, input: CourseFields, stamp: string): Promise<void> {
  await db
    .updateTable('courses')
    .set({ ...toCourseColumns(input), updated_at: stamp })
    .where('id', '=', id)
    .execute();
}

export async function setCoursePublished(db: Db, id: string, published: boolean, stamp: string): Promise<void> {
  await db
    .updateTable('courses')
    .set({ published: published ? 1 : 0, updated_at: stamp })
    .where('id', '=', id)
    .execute();
}

/** The import and the seed: inserts a new course, or updates the one with the same id. */
export async function upsertCourse(
  db: Db,
  input: CourseFields & { _id?: string | undefined; createdAt?: string | undefined },
  now = new Date(),
): Promise<string> {
  const id = input._id ?? newId();
  const stamp = now.toISOString();
  const values = { ...toCourseColumns(input), updated_at: stamp };
  await db
    .insertInto('courses')
    .values({ id, curriculum: '[]', ...values, created_at: input.createdAt ?? stamp })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return id;
}

/** How many courses the catalogue shows (the home page's live figures). */
export async function countPublishedCourses(db: Db): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('published', '=', 1)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The spec's old course columns, kept equal to what the lessons say (decision 0021; learning's structure save). */
export async function updateDerivedCourseColumns(
  db: Db,
  courseId: string,
  values: { curriculum: string; lesson_videos: string; updated_at: string },
) {
  await db.updateTable('courses').set(values).where('id', '=', courseId).execute();
}

/** Of these course ids, the published ones (a cart, a bundle and a merged visitor's cart take only these). */
export async function findPublishedCourseIds(db: Db, courseIds: string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('courses')
    .select('id')
    .where('id', 'in', courseIds)
    .where('published', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}
