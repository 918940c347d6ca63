import type { LessonNote } from '@shop/shared';
import type { NoteRow } from './repo.js';

/** A stored note as the learner's browser gets it. */
export function noteAnswer(row: NoteRow): LessonNote {
  return {
    id: row.id,
    lessonId: row.lesson_id,
    positionSeconds: row.position_seconds === null ? null : Number(row.position_seconds),
    text: row.text,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Course order: by the lesson's place in the course, then by time in the lesson (notes without a
 * time first), then oldest first. A note of a lesson no longer in the course comes last.
 */
export function inCourseOrder<T extends Pick<LessonNote, 'lessonId' | 'positionSeconds' | 'createdAt' | 'id'>>(
  notes: T[],
  lessonIds: string[],
): T[] {
  const place = new Map(lessonIds.map((id, index) => [id, index]));
  const rank = (note: T) => place.get(note.lessonId) ?? lessonIds.length;
  return [...notes].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.positionSeconds ?? -1) - (b.positionSeconds ?? -1) ||
      a.createdAt.localeCompare(b.createdAt) ||
      a.id.localeCompare(b.id),
  );
}
