import type { EnrolledCourse } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { certificatesOfLearner } from '../certificates/find-certificates.js';
import { percentOf } from './course-progress.js';
import { signFileLink } from './file-links.js';
import { availableAt, lessonRuleOf, type ReleaseStarts } from './lesson-release.js';
import { findAttachments, findLessonsOfCourses } from './lessons-repo.js';
import { countProgressOfCourses } from './progress-repo.js';
import { findEnrolledCourses } from './repo.js';
import { readReleaseStarts } from './require-enrolment.js';

function progressOf(count: { total: string | number; completed: string | number } | undefined) {
  const total = Number(count?.total ?? 0);
  const completed = Number(count?.completed ?? 0);
  return { completed, total, percent: percentOf(completed, total) };
}

/**
 * The learner's courses with their video lessons and download links signed for this learner only.
 * Both lists are derived from the lessons (issue 14): the videos in reading order, the files as the
 * lessons attach them, each once; a lesson not open yet for the learner (issue 35) gives neither.
 */
export async function listEnrolledCourses(
  db: Db,
  linkSecret: string,
  userId: string,
  now = new Date(),
): Promise<EnrolledCourse[]> {
  const courses = await findEnrolledCourses(db, userId);
  const ids = courses.map((course) => course.id);
  const [lessons, attachments, counts, certificates] = await Promise.all([
    findLessonsOfCourses(db, ids),
    findAttachments(db, ids),
    countProgressOfCourses(db, userId, ids),
    ids.length === 0 ? [] : certificatesOfLearner(db, userId),
  ]);
  const order = new Map(lessons.map((lesson, index) => [lesson.id, index]));
  const locked = await lockedLessons(db, userId, lessons, now);
  // A file shows once one of the lessons it is attached to is open (issue 35).
  const openFiles = new Set(attachments.filter((file) => !locked.has(file.lesson_id)).map((file) => file.id));
  attachments.sort((a, b) => (order.get(a.lesson_id) ?? 0) - (order.get(b.lesson_id) ?? 0));
  return courses.map((course) => ({
    _id: course.id,
    title: course.title,
    thumb: course.thumb,
    files: attachments
      .filter(
        (file, index) =>
          file.course_id === course.id &&
          openFiles.has(file.id) &&
          attachments.findIndex((a) => a.id === file.id) === index,
      )
      .map((file) => ({ name: file.name, fileUrl: signFileLink(linkSecret, file.id, userId, now) })),
    videos: lessons
      .filter(
        (lesson) =>
          lesson.course_id === course.id &&
          !locked.has(lesson.id) &&
          lesson.kind === 'video' &&
          (lesson.video_id !== null || lesson.video_link !== ''),
      )
      .map((lesson) => ({
        lessonId: lesson.id,
        title: lesson.title,
        ownVideo: lesson.video_id !== null,
        // Our own video plays in the protected player; its lesson's link, if any, is not sent (issue 32).
        videoLink: lesson.video_id !== null ? '' : lesson.video_link,
      })),
    progress: progressOf(counts.find((count) => count.course_id === course.id)),
    certificateId: certificates.find((certificate) => certificate.course_id === course.id)?.id ?? null,
  }));
}

type ListedLesson = Awaited<ReturnType<typeof findLessonsOfCourses>>[number];

/** The lessons not open yet for the learner; the release starts are read only for courses with rules. */
async function lockedLessons(db: Db, userId: string, lessons: ListedLesson[], now: Date): Promise<Set<string>> {
  const locked = new Set<string>();
  const starts = new Map<string, Promise<ReleaseStarts>>();
  for (const lesson of lessons) {
    const rule = lessonRuleOf(lesson);
    if (rule.kind === 'immediate' || lesson.preview === 1) continue;
    let course = starts.get(lesson.course_id);
    if (!course) {
      course = readReleaseStarts(db, userId, lesson.course_id, now);
      starts.set(lesson.course_id, course);
    }
    if (availableAt(rule, await course, now)) locked.add(lesson.id);
  }
  return locked;
}
