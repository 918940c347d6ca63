import type { Db } from '../../db/database.js';

const noteColumns = ['id', 'lesson_id', 'position_seconds', 'text', 'created_at', 'updated_at'] as const;

/** The learner's notes of one course, oldest first; the caller puts them in the course's lesson order. */
export async function findNotesOf(db: Db, userId: string, courseId: string) {
  return db
    .selectFrom('lesson_notes')
    .select(noteColumns)
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type NoteRow = Awaited<ReturnType<typeof findNotesOf>>[number];

/** One note, only if it is this learner's and in this course: anyone else's id finds nothing. */
export async function findOwnNote(db: Db, userId: string, courseId: string, noteId: string) {
  return db
    .selectFrom('lesson_notes')
    .select(noteColumns)
    .where('id', '=', noteId)
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

export async function countNotesOf(db: Db, userId: string, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('lesson_notes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertNote(
  db: Db,
  note: {
    id: string;
    userId: string;
    courseId: string;
    lessonId: string;
    positionSeconds: number | null;
    text: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('lesson_notes')
    .values({
      id: note.id,
      user_id: note.userId,
      course_id: note.courseId,
      lesson_id: note.lessonId,
      position_seconds: note.positionSeconds,
      text: note.text,
      created_at: note.now,
      updated_at: note.now,
    })
    .execute();
}

/** Changes the text of the learner's own note; false when there is no such note of theirs. */
export async function updateOwnNoteText(
  db: Db,
  where: { userId: string; courseId: string; noteId: string },
  text: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('lesson_notes')
    .set({ text, updated_at: now })
    .where('id', '=', where.noteId)
    .where('user_id', '=', where.userId)
    .where('course_id', '=', where.courseId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the learner's own note; false when there is no such note of theirs. */
export async function deleteOwnNote(db: Db, where: { userId: string; courseId: string; noteId: string }) {
  const result = await db
    .deleteFrom('lesson_notes')
    .where('id', '=', where.noteId)
    .where('user_id', '=', where.userId)
    .where('course_id', '=', where.courseId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every note the learner wrote, with course and lesson titles: their data export. */
export async function findNotesByUser(db: Db, userId: string) {
  return db
    .selectFrom('lesson_notes')
    .innerJoin('courses', 'courses.id', 'lesson_notes.course_id')
    .innerJoin('course_lessons', 'course_lessons.id', 'lesson_notes.lesson_id')
    .select([
      'lesson_notes.course_id',
      'courses.title as course_title',
      'course_lessons.title as lesson_title',
      'lesson_notes.position_seconds',
      'lesson_notes.text',
      'lesson_notes.created_at',
      'lesson_notes.updated_at',
    ])
    .where('lesson_notes.user_id', '=', userId)
    .orderBy('lesson_notes.created_at')
    .orderBy('lesson_notes.id')
    .execute();
}

/** Erases every note of the learner (account deletion), inside the caller's transaction. */
export async function deleteNotesByUser(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('lesson_notes').where('user_id', '=', userId).execute();
}
