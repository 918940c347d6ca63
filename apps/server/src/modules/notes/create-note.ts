import { createNoteInput, messages, NOTES_PER_COURSE_MAX, type SaveNoteResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { parseInput } from '../../parse-input.js';
import { courseStructure } from '../learning/course-structure.js';
import { requireEnrolment } from '../learning/require-enrolment.js';
import { noteAnswer } from './note-answer.js';
import { countNotesOf, findOwnNote, insertNote } from './repo.js';

/**
 * A learner who owns the course writes a note on one of its lessons, with the video's second when
 * one was playing. Access is checked before the body, so a visitor hears 'log in' first; an empty or
 * too long text, or a course already holding NOTES_PER_COURSE_MAX of their notes, writes nothing.
 */
export async function createNote(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  caller: SessionUser | null,
  courseId: string,
  lessonId: string,
  body: unknown,
  now = new Date(),
): Promise<SaveNoteResponse> {
  const { db } = deps;
  const user = await requireEnrolment(db, caller, courseId);
  const { lessonIds } = await courseStructure(deps, courseId);
  if (!lessonIds.includes(lessonId)) throw new AppError('not_found', messages.lessonNotFound);
  const input = parseInput(createNoteInput, body);
  if ((await countNotesOf(db, user.id, courseId)) >= NOTES_PER_COURSE_MAX) {
    throw new AppError('conflict', messages.notesLimitReached);
  }
  const id = newId();
  await insertNote(db, {
    id,
    userId: user.id,
    courseId,
    lessonId,
    positionSeconds: input.positionSeconds,
    text: input.text,
    now: now.toISOString(),
  });
  const saved = await findOwnNote(db, user.id, courseId, id);
  if (!saved) throw new AppError('internal', messages.noteSaveFailed);
  return { ok: true, message: messages.noteSaved, note: noteAnswer(saved) };
}
