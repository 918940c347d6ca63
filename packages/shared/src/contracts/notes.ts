import { z } from 'zod';
import { messages } from '../messages.js';
import { NOTE_TEXT_MAX } from '../note-rules.js';
import { objectId } from './common.js';

export { formatNoteTime, NOTE_TEXT_MAX } from '../note-rules.js';
/** The most notes one learner keeps in one course: enough for any course, a ceiling for a script. */
export const NOTES_PER_COURSE_MAX = 1000;
/** A note's time is a position in the lesson video; no lesson video is longer than a day. */
const NOTE_POSITION_MAX = 24 * 60 * 60;

const noteText = z
  .string({ error: messages.noteTextEmpty })
  .trim()
  .min(1, { error: messages.noteTextEmpty })
  .max(NOTE_TEXT_MAX, { error: messages.noteTextTooLong });

/** `POST /api/learn/{courseId}/lessons/{lessonId}/notes`: the text and, taken while a video plays, its second. */
export const createNoteInput = z.object({
  text: noteText,
  positionSeconds: z.number().int().min(0).max(NOTE_POSITION_MAX).nullable().default(null),
});
export type CreateNoteInput = z.input<typeof createNoteInput>;

/** `PATCH /api/learn/{courseId}/notes/{noteId}`: a note's text changes; its lesson and time stay. */
export const updateNoteInput = z.object({ text: noteText });
export type UpdateNoteInput = z.input<typeof updateNoteInput>;

export const noteParams = z.object({ courseId: objectId, noteId: objectId });

export const lessonNote = z.object({
  id: objectId,
  lessonId: objectId,
  /** Null for a note written without a playing video. */
  positionSeconds: z.number().int().nonnegative().nullable(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LessonNote = z.infer<typeof lessonNote>;

/** The learner's notes of a course, in the course's lesson order, then by time in the lesson. */
export const courseNotesResponse = z.object({ ok: z.literal(true), notes: z.array(lessonNote) });
export type CourseNotesResponse = z.infer<typeof courseNotesResponse>;

export const saveNoteResponse = z.object({ ok: z.literal(true), message: z.string(), note: lessonNote });
export type SaveNoteResponse = z.infer<typeof saveNoteResponse>;

export const deleteNoteResponse = z.object({ ok: z.literal(true), message: z.string() });
export type DeleteNoteResponse = z.infer<typeof deleteNoteResponse>;
