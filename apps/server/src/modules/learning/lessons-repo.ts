import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CourseLessonsTable, CourseSectionsTable, ReleaseKind } from '../../db/schema.js';

/** The old course columns the old shape of a course save still writes (issue 14; see sync-course-lessons.ts). */
export async function findCourseSource(db: Db, courseId: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'curriculum', 'lesson_videos', 'video_link'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

/** A course's sections in order; built here once, also re-bound as the player's prepared query. */
export const selectSections = (db: Db, courseId: string) =>
  db
    .selectFrom('course_sections')
    .select(['id', 'title', 'position', 'release_kind', 'release_days', 'release_date'])
    .where('course_id', '=', courseId)
    .orderBy('position');

/** Every lesson of a course in reading order: by section, then by position in it. */
export const selectLessons = (db: Db, courseId: string) =>
  db
    .selectFrom('course_lessons')
    .innerJoin('course_sections', 'course_sections.id', 'course_lessons.section_id')
    .select([
      'course_lessons.id',
      'course_lessons.section_id',
      'course_lessons.title',
      'course_lessons.kind',
      'course_lessons.duration',
      'course_lessons.summary',
      'course_lessons.content',
      'course_lessons.video_link',
      'course_lessons.preview',
      'course_lessons.video_id',
      'course_lessons.release_kind',
      'course_lessons.release_days',
      'course_lessons.release_date',
    ])
    .where('course_lessons.course_id', '=', courseId)
    .orderBy('course_sections.position')
    .orderBy('course_lessons.position');

export const findSections = (db: Db, courseId: string) => selectSections(db, courseId).execute();
export const findLessons = (db: Db, courseId: string) => selectLessons(db, courseId).execute();

/** The lessons of many courses in reading order, for lists (enrolled courses). */
export async function findLessonsOfCourses(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('course_lessons')
    .innerJoin('course_sections', 'course_sections.id', 'course_lessons.section_id')
    .select([
      'course_lessons.id',
      'course_lessons.course_id',
      'course_lessons.title',
      'course_lessons.kind',
      'course_lessons.video_link',
      'course_lessons.video_id',
      'course_lessons.preview',
      'course_lessons.release_kind',
      'course_lessons.release_days',
      'course_lessons.release_date',
      'course_sections.release_kind as section_kind',
      'course_sections.release_days as section_days',
      'course_sections.release_date as section_date',
    ])
    .where('course_lessons.course_id', 'in', courseIds)
    .orderBy('course_lessons.course_id')
    .orderBy('course_sections.position')
    .orderBy('course_lessons.position')
    .execute();
}

/** The course files attached to a course's lessons, in lesson then attachment order. */
export async function findAttachments(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('lesson_attachments')
    .innerJoin('course_files', 'course_files.id', 'lesson_attachments.file_id')
    .select(['lesson_attachments.lesson_id', 'course_files.id', 'course_files.course_id', 'course_files.name'])
    .where('course_files.course_id', 'in', courseIds)
    .orderBy('lesson_attachments.position')
    .orderBy('course_files.name')
    .execute();
}

export async function findUnattachedFiles(db: Db, courseId: string) {
  return db
    .selectFrom('course_files')
    .select('id')
    .where('course_id', '=', courseId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('lesson_attachments').select('file_id').whereRef('file_id', '=', 'course_files.id'))),
    )
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

export async function countCourseFiles(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('course_files')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countAttachments(db: Db, lessonId: string): Promise<number> {
  const row = await db
    .selectFrom('lesson_attachments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertSection(db: Db, row: Insertable<CourseSectionsTable>) {
  await db.insertInto('course_sections').values(row).execute();
}

export async function insertLesson(db: Db, row: Insertable<CourseLessonsTable>) {
  await db.insertInto('course_lessons').values(row).execute();
}

export async function updateLesson(db: Db, id: string, values: Updateable<CourseLessonsTable>) {
  await db.updateTable('course_lessons').set(values).where('id', '=', id).execute();
}

export async function deleteLessons(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('course_lessons').where('id', 'in', ids).execute();
}

export async function insertAttachment(db: Db, row: { lesson_id: string; file_id: string; position: number }) {
  await db.insertInto('lesson_attachments').values(row).execute();
}

export async function setPreview(db: Db, lessonId: string, preview: boolean) {
  await db
    .updateTable('course_lessons')
    .set({ preview: preview ? 1 : 0 })
    .where('id', '=', lessonId)
    .execute();
}

/** A lesson's own release rule (the demo seed's drip course, issue 35). */
export async function setLessonRelease(
  db: Db,
  lessonId: string,
  rule: { kind: ReleaseKind; days: number; date: string | null },
) {
  await db
    .updateTable('course_lessons')
    .set({ release_kind: rule.kind, release_days: rule.days, release_date: rule.date })
    .where('id', '=', lessonId)
    .execute();
}
