import type { CourseNotesResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { courseStructure } from '../learning/course-structure.js';
import { requireEnrolment } from '../learning/require-enrolment.js';
import { inCourseOrder, noteAnswer } from './note-answer.js';
import { findNotesOf } from './repo.js';

/** The learner's own notes of a course they own, in the course's order; nobody else's, ever. */
export async function listCourseNotes(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  caller: SessionUser | null,
  courseId: string,
): Promise<CourseNotesResponse> {
  const user = await requireEnrolment(deps.db, caller, courseId);
  const [{ lessonIds }, rows] = await Promise.all([
    courseStructure(deps, courseId),
    findNotesOf(deps.db, user.id, courseId),
  ]);
  return { ok: true, notes: inCourseOrder(rows.map(noteAnswer), lessonIds) };
}
