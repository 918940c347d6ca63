import { type DeleteNoteResponse, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { requireEnrolment } from '../learning/require-enrolment.js';
import { deleteOwnNote } from './repo.js';

/** Deletes one of the learner's own notes; another learner's note id is simply not found. */
export async function deleteNote(
  { db }: Pick<AppDeps, 'db'>,
  caller: SessionUser | null,
  courseId: string,
  noteId: string,
): Promise<DeleteNoteResponse> {
  const user = await requireEnrolment(db, caller, courseId);
  if (!(await deleteOwnNote(db, { userId: user.id, courseId, noteId }))) {
    throw new AppError('not_found', messages.noteNotFound);
  }
  return { ok: true, message: messages.noteDeleted };
}
