import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { courseStructure } from '../learning/course-structure.js';
import { requireEnrolment } from '../learning/require-enrolment.js';
import { inCourseOrder, noteAnswer } from './note-answer.js';
import { notesMarkdown } from './notes-markdown.js';
import { findNotesOf } from './repo.js';

/** The learner's notes of a course they own as a Markdown file, and the file's name. */
export async function exportNotesMarkdown(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  caller: SessionUser | null,
  courseId: string,
  now = new Date(),
): Promise<{ fileName: string; markdown: string }> {
  const user = await requireEnrolment(deps.db, caller, courseId);
  const [structure, rows] = await Promise.all([
    courseStructure(deps, courseId),
    findNotesOf(deps.db, user.id, courseId),
  ]);
  const notes = inCourseOrder(rows.map(noteAnswer), structure.lessonIds);
  const lessons = structure.sections.flatMap((section) => section.lessons);
  const slug =
    structure.heading.title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'course';
  return {
    fileName: `notes-${slug}.md`,
    markdown: notesMarkdown(structure.heading, lessons, notes, now),
  };
}
