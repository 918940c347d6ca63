import type { Course, CourseInput, CourseSummary } from '@shop/shared';
import { rupeesToPaise } from '@shop/shared';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CoursesTable } from '../../db/schema.js';
import { newId } from '../../ids.js';

type CourseRow = Selectable<CoursesTable>;

const summaryColumns = [
  'id',
  'title',
  'thumb',
  'tag',
  'rating',
  'instructor',
  'price_paise',
  'level',
  'students',
  'created_at',
] as const;
type SummaryRow = Pick<CourseRow, (typeof summaryColumns)[number]>;

export function toCourseSummary(row: SummaryRow): CourseSummary {
  return {
    _id: row.id,
    title: row.title,
    thumb: row.thumb,
    tag: row.tag,
    review: row.rating.toFixed(1),
    rating: row.rating,
    instructor: row.instructor,
    price: row.price_paise / 100,
    level: row.level,
    createdAt: row.created_at,
    students: row.students,
  };
}

export function toCourse(row: CourseRow): Course {
  return {
    ...toCourseSummary(row),
    videoLink: row.video_link,
    courseDescription: row.course_description,
    description: row.description,
    whatYoullLearn: JSON.parse(row.what_youll_learn) as string[],
    curriculum: JSON.parse(row.curriculum) as Course['curriculum'],
  };
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

export async function findCourseById(db: Db, id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a new course, or updates the one with the same id. */
export async function upsertCourse(db: Db, input: CourseInput, now = new Date()): Promise<string> {
  const id = input._id ?? newId();
  const stamp = now.toISOString();
  const values = {
    title: input.title,
    thumb: input.thumb,
    tag: input.tag,
    rating: input.rating,
    instructor: input.instructor,
    price_paise: rupeesToPaise(input.price),
    level: input.level,
    video_link: input.videoLink,
    students: input.students,
    course_description: input.courseDescription,
    description: input.description,
    what_youll_learn: JSON.stringify(input.whatYoullLearn),
    curriculum: JSON.stringify(input.curriculum),
    updated_at: stamp,
  };
  await db
    .insertInto('courses')
    .values({ id, ...values, created_at: input.createdAt ?? stamp })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return id;
}
