import { type CourseInput, courseInput, courseStructureSections } from '@shop/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { upsertCourse } from '../courses/index.js';
import { findLessons, findSections } from '../learning/index.js';
import { syncCourseLessons } from '../learning/sync-course-lessons.js';
import { writeCourseStructure } from '../learning/write-course-structure.js';

const importFile = z.union([z.array(z.unknown()), z.object({ courses: z.array(z.unknown()) })]);

/**
 * A record takes either the old `curriculum` list or `sections` of lessons, the console's section
 * editor's contract (issue 14); with sections, the curriculum is derived from the lessons.
 */
const importRecord = courseInput
  .extend({ sections: courseStructureSections.optional() })
  .refine((record) => !record.sections || record.curriculum.length === 0, {
    message: 'give either sections or curriculum, not both',
    path: ['curriculum'],
  });
type ImportRecord = CourseInput & { sections?: z.infer<typeof courseStructureSections> };

const titleOf = (record: unknown) =>
  typeof (record as { title?: unknown })?.title === 'string' ? ` "${(record as { title: string }).title}"` : '';

/** Validates every record first, then writes all of them in one transaction: a bad file changes nothing. */
export function parseCourseFile(text: string): ImportRecord[] {
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
    const parsed = importRecord.safeParse(record);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || '(record)';
    throw new AppError(
      'bad_request',
      `Record ${index + 1}${titleOf(record)}, field ${field}: ${issue?.message ?? 'is not valid'}`,
    );
  });
}

/**
 * A re-imported file names no ids: a section or lesson without one keeps the id of the course's
 * section or lesson at the same place (reading order), as the old curriculum import does, so
 * importing the same file again keeps every learner's progress.
 */
async function withKnownIds(db: Db, courseId: string, sections: NonNullable<ImportRecord['sections']>) {
  const [oldSections, oldLessons] = await Promise.all([findSections(db, courseId), findLessons(db, courseId)]);
  const named = new Set(sections.flatMap((s) => [s.id, ...s.lessons.map((l) => l.id)]).filter(Boolean));
  let place = 0;
  return sections.map((section, s) => {
    const oldSection = oldSections[s];
    return {
      ...section,
      id: section.id ?? (oldSection && !named.has(oldSection.id) ? oldSection.id : undefined),
      lessons: section.lessons.map((lesson) => {
        const old = oldLessons[place++];
        return { ...lesson, id: lesson.id ?? (old && !named.has(old.id) ? old.id : undefined) };
      }),
    };
  });
}

export async function importCourses(db: Db, text: string): Promise<string[]> {
  const courses = parseCourseFile(text);
  return db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (const [index, course] of courses.entries()) {
      const id = await upsertCourse(trx, course);
      if (!course.sections) await syncCourseLessons(trx, id);
      else {
        try {
          await writeCourseStructure(trx, id, await withKnownIds(trx, id, course.sections));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const field = error.fields ? `, field ${Object.keys(error.fields)[0]}` : '';
          const message = error.fields ? (Object.values(error.fields)[0] ?? error.message) : error.message;
          throw new AppError(error.code, `Record ${index + 1}${titleOf(course)}${field}: ${message}`);
        }
      }
      ids.push(id);
    }
    return ids;
  });
}
