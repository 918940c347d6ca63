import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CourseSectionsTable } from '../../db/schema.js';

// The section editor's reads and writes (issue 14): the whole structure of one course at once.

export async function findCourseFileIds(db: Db, courseId: string): Promise<string[]> {
  const rows = await db.selectFrom('course_files').select('id').where('course_id', '=', courseId).execute();
  return rows.map((row) => row.id);
}

/** Every attachment of a course's lessons, in each lesson's order. */
export async function findAttachmentIds(db: Db, courseId: string) {
  return db
    .selectFrom('lesson_attachments')
    .innerJoin('course_lessons', 'course_lessons.id', 'lesson_attachments.lesson_id')
    .select(['lesson_attachments.lesson_id', 'lesson_attachments.file_id'])
    .where('course_lessons.course_id', '=', courseId)
    .orderBy('lesson_attachments.lesson_id')
    .orderBy('lesson_attachments.position')
    .execute();
}

/** The course's lessons that some learner has begun or completed. */
export async function findLessonsWithProgress(db: Db, courseId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('lesson_progress')
    .select('lesson_id')
    .distinct()
    .where('course_id', '=', courseId)
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
}

export async function updateSection(db: Db, id: string, values: Updateable<CourseSectionsTable>) {
  await db.updateTable('course_sections').set(values).where('id', '=', id).execute();
}

export async function deleteSections(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('course_sections').where('id', 'in', ids).execute();
}

/** Replaces every attachment of the course's lessons with the given ones. */
export async function replaceAttachments(
  db: Db,
  courseId: string,
  rows: { lesson_id: string; file_id: string; position: number }[],
) {
  await db
    .deleteFrom('lesson_attachments')
    .where('lesson_id', 'in', (eb) => eb.selectFrom('course_lessons').select('id').where('course_id', '=', courseId))
    .execute();
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('lesson_attachments')
      .values(rows.slice(start, start + 500))
      .execute();
}
