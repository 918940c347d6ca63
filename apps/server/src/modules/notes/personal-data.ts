import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deleteNotesByUser, findNotesByUser } from './repo.js';

/** Every private lesson note of the learner, for their data export. */
export async function exportNotesOf(db: Db, userId: string): Promise<MyDataExport['notes']> {
  return (await findNotesByUser(db, userId)).map((note) => ({
    courseId: note.course_id,
    courseTitle: note.course_title,
    lessonTitle: note.lesson_title,
    positionSeconds: note.position_seconds === null ? null : Number(note.position_seconds),
    text: note.text,
    createdAt: note.created_at,
    updatedAt: note.updated_at,
  }));
}

/** Erases every note of the learner inside the account deletion's transaction. */
export function eraseNotesOf(trx: Db, userId: string): Promise<void> {
  return deleteNotesByUser(trx, userId);
}
