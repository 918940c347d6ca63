import type { EnrolledCourse } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { signFileLink } from './file-links.js';
import { findEnrolledCourses, findFilesOfCourses } from './repo.js';

function videoLinks(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The learner's courses with their lesson videos and download links signed for this learner only. */
export async function listEnrolledCourses(
  db: Db,
  linkSecret: string,
  userId: string,
  now = new Date(),
): Promise<EnrolledCourse[]> {
  const courses = await findEnrolledCourses(db, userId);
  const files = await findFilesOfCourses(
    db,
    courses.map((course) => course.id),
  );
  return courses.map((course) => ({
    _id: course.id,
    title: course.title,
    thumb: course.thumb,
    files: files
      .filter((file) => file.course_id === course.id)
      .map((file) => ({ name: file.name, fileUrl: signFileLink(linkSecret, file.id, userId, now) })),
    downloadCourseLink: videoLinks(course.lesson_videos),
  }));
}
