import { messages, type SaveNoteResponse, updateNoteInput } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { parseInput } from '../../parse-input.js';
import { requireEnrolment } from '../learning/require-enrolment.js';
import { noteAnswer } from './note-answer.js';
import { findOwnNote, updateOwnNoteText } from './repo.js';

/** Changes the text of one of the learner's own notes; another learner's note id is simply not found. */
export async function updateNote(
  { db }: Pick<AppDeps, 'db'>,
  caller: SessionUser | null,
  courseId: string,
  noteId: string,
  body: unknown,
  now = new Date(),
): Promise<SaveNoteResponse> {
  const user = await requireEnrolment(db, caller, courseId);
  const where = { userId: user.id, courseId, noteId };
  if (!(await findOwnNote(db, user.id, courseId, noteId))) throw new AppError('not_found', messages.noteNotFound);
  const { text } = parseInput(updateNoteInput, body);
  if (!(await updateOwnNoteText(db, where, text, now.toISOString()))) {
    throw new AppError('not_found', messages.noteNotFound);
  }
  const saved = await findOwnNote(db, user.id, courseId, noteId);
  if (!saved) throw new AppError('not_found', messages.noteNotFound);
  return { ok: true, message: messages.noteUpdated, note: noteAnswer(saved) };
}
