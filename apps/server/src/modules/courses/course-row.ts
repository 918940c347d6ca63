import type { AdminCourse, AdminCourseInput, Course, CourseSummary } from '@shop/shared';
import { paiseToRupees, rupeesToPaise } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { CoursesTable } from '../../db/schema.js';

/*
 * A course's columns and the three shapes they are read into (the console's course, the catalogue's
 * course and its card), in one place: a new course field is mapped here once (docs/architecture.md,
 * "Add a course field").
 */

export type CourseRow = Selectable<CoursesTable>;

/** What a write takes: the console's fields; the import may leave `published` to the column's default. */
export type CourseFields = Omit<AdminCourseInput, 'published'> & { published?: boolean };

export function toCourseColumns(input: CourseFields) {
  return {
    title: input.title,
    tag: input.tag,
    instructor: input.instructor,
    price_paise: rupeesToPaise(input.price),
    level: input.level,
    video_link: input.videoLink,
    thumb: input.thumb,
    rating: input.rating,
    course_description: input.courseDescription,
    description: input.description,
    what_youll_learn: JSON.stringify(input.whatYoullLearn),
    // Left out (the console's edit page), the lists stay as the section editor derived them.
    ...(input.curriculum === undefined ? {} : { curriculum: JSON.stringify(input.curriculum) }),
    ...(input.lessonVideos === undefined ? {} : { lesson_videos: JSON.stringify(input.lessonVideos) }),
    ...(input.published === undefined ? {} : { published: input.published ? 1 : 0 }),
  };
}

function parseLinks(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function toAdminCourse(row: CourseRow): AdminCourse {
  return {
    id: row.id,
    title: row.title,
    tag: row.tag,
    instructor: row.instructor,
    price: paiseToRupees(row.price_paise),
    level: row.level as AdminCourse['level'],
    videoLink: row.video_link,
    thumb: row.thumb,
    rating: row.rating,
    courseDescription: row.course_description,
    description: row.description,
    whatYoullLearn: JSON.parse(row.what_youll_learn) as string[],
    curriculum: JSON.parse(row.curriculum) as AdminCourse['curriculum'],
    lessonVideos: parseLinks(row.lesson_videos),
    published: row.published === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns a course card needs; the catalogue's list reads only these. */
export const summaryColumns = [
  'id',
  'title',
  'thumb',
  'tag',
  'rating',
  'instructor',
  'price_paise',
  'level',
  'created_at',
] as const;
export type SummaryRow = Pick<CourseRow, (typeof summaryColumns)[number]>;

/** A card as stored; `students` is 0 here and the catalogue fills it from the enrolments (issue 32). */
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
    students: 0,
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
