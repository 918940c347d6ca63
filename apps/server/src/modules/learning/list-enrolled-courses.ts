import type { EnrolledCourse } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { signFileLink } from './file-links.js';
import { findAttachments, findLessonsOfCourses } from './lessons-repo.js';
import { findEnrolledCourses } from './repo.js';

/**
 * The learner's courses with their lesson videos and download links signed for this learner only.
 * Both lists are derived from the lessons (issue 14): the videos in reading order, the files as the
 * lessons attach them, each once.
 */
export async function listEnrolledCourses(
  db: Db,
  linkSecret: string,
  userId: string,
  now = new Date(),
): Promise<EnrolledCourse[]> {
  const courses = await findEnrolledCourses(db, userId);
  const ids = courses.map((course) => course.id);
  const [lessons, attachments] = await Promise.all([findLessonsOfCourses(db, ids), findAttachments(db, ids)]);
  const order = new Map(lessons.map((lesson, index) => [lesson.id, index]));
  attachments.sort((a, b) => (order.get(a.lesson_id) ?? 0) - (order.get(b.lesson_id) ?? 0));
  return courses.map((course) => ({
    _id: course.id,
    title: course.title,
    thumb: course.thumb,
    files: attachments
      .filter((file, index) => file.course_id === course.id && attachments.findIndex((a) => a.id === file.id) === index)
      .map((file) => ({ name: file.name, fileUrl: signFileLink(linkSecret, file.id, userId, now) })),
    downloadCourseLink: lessons
      .filter((lesson) => lesson.course_id === course.id && lesson.video_link !== '')
      .map((lesson) => lesson.video_link),
  }));
}
