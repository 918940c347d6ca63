import type { AdminCourse, AdminCourseInput } from '@shop/shared';
import { messages, paiseToRupees, rupeesToPaise } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CoursesTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';

function parseLinks(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function toAdminCourse(row: Selectable<CoursesTable>): AdminCourse {
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
    students: row.students,
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

export function toCourseColumns(input: AdminCourseInput) {
  return {
    title: input.title,
    tag: input.tag,
    instructor: input.instructor,
    price_paise: rupeesToPaise(input.price),
    level: input.level,
    video_link: input.videoLink,
    thumb: input.thumb,
    rating: input.rating,
    students: input.students,
    course_description: input.courseDescription,
    description: input.description,
    what_youll_learn: JSON.stringify(input.whatYoullLearn),
    // Left out (the console's edit page), the lists stay as the section editor derived them.
    ...(input.curriculum === undefined ? {} : { curriculum: JSON.stringify(input.curriculum) }),
    ...(input.lessonVideos === undefined ? {} : { lesson_videos: JSON.stringify(input.lessonVideos) }),
    published: input.published ? 1 : 0,
  };
}

export async function loadCourse(db: Db, id: string): Promise<AdminCourse> {
  const row = await db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', messages.adminCourseMissing);
  return toAdminCourse(row);
}
