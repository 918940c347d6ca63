import { type CourseInput, courseInput } from '@shop/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { syncCourseLessons } from '../learning/sync-course-lessons.js';
import { upsertCourse } from './repo.js';

const importFile = z.union([z.array(z.unknown()), z.object({ courses: z.array(z.unknown()) })]);

/** Validates every record first, then writes all of them in one transaction: a bad file changes nothing. */
export function parseCourseFile(text: string): CourseInput[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError('bad_request', `The file is not valid JSON: ${(error as Error).message}`);
  }
  const file = importFile.safeParse(json);
  if (!file.success) {
    throw new AppError('bad_request', 'The file must hold an array of courses, or an object with a "courses" array.');
  }
  const records = Array.isArray(file.data) ? file.data : file.data.courses;
  return records.map((record, index) => {
    const parsed = courseInput.safeParse(record);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || '(record)';
    const title =
      typeof (record as { title?: unknown })?.title === 'string' ? ` "${(record as { title: string }).title}"` : '';
    throw new AppError(
      'bad_request',
      `Record ${index + 1}${title}, field ${field}: ${issue?.message ?? 'is not valid'}`,
    );
  });
}

export async function importCourses(db: Db, text: string): Promise<string[]> {
  const courses = parseCourseFile(text);
  return db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (const course of courses) {
      const id = await upsertCourse(trx, course);
      await syncCourseLessons(trx, id);
      ids.push(id);
    }
    return ids;
  });
}
