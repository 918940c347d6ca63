import type { LearnCourseResponse, LearnSection } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { summariseProgress } from './course-progress.js';
import { signFileLink } from './file-links.js';
import { readAttachments, readCourseHeading, readLessons, readProgress, readSections } from './player-queries.js';
import { requireEnrolment } from './require-enrolment.js';

/** The player's course: sections, lessons with their content and the learner's ticks, and where they left off. */
export async function getLearnCourse(
  db: Db,
  linkSecret: string,
  caller: SessionUser | null,
  courseId: string,
  now = new Date(),
): Promise<LearnCourseResponse> {
  const user = await requireEnrolment(db, caller, courseId);
  const [course, sections, lessons, attachments, rows] = await Promise.all([
    readCourseHeading(db, courseId),
    readSections(db, courseId),
    readLessons(db, courseId),
    readAttachments(db, courseId),
    readProgress(db, user.id, courseId),
  ]);
  const byLesson = new Map(rows.map((row) => [row.lesson_id, row]));
  const outline: LearnSection[] = sections.map((section) => ({
    id: section.id,
    title: section.title,
    lessons: lessons
      .filter((lesson) => lesson.section_id === section.id)
      .map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        kind: lesson.kind,
        duration: lesson.duration,
        preview: lesson.preview === 1,
        content: lesson.content,
        videoLink: lesson.video_link,
        attachments: attachments
          .filter((file) => file.lesson_id === lesson.id)
          .map((file) => ({ name: file.name, fileUrl: signFileLink(linkSecret, file.id, user.id, now) })),
        completed: Boolean(byLesson.get(lesson.id)?.completed_at),
        positionSeconds: byLesson.get(lesson.id)?.position_seconds ?? 0,
      })),
  }));
  return {
    ok: true,
    course: {
      _id: courseId,
      title: course?.title ?? '',
      thumb: course?.thumb ?? '',
      instructor: course?.instructor ?? '',
    },
    sections: outline,
    progress: summariseProgress(
      lessons.map((lesson) => lesson.id),
      rows,
    ),
  };
}
