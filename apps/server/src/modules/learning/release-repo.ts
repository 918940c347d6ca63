import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';

// The scheduled release's reads (issue 35): a lesson's rule with its section's, and what a learner's
// releases count from. Every content call of a lesson asks them, so they are prepared.

const lessonRelease = preparedQuery<{ courseId: string; lessonId: string }>()((db, value) =>
  db
    .selectFrom('course_lessons')
    .innerJoin('course_sections', 'course_sections.id', 'course_lessons.section_id')
    .select([
      'course_lessons.release_kind',
      'course_lessons.release_days',
      'course_lessons.release_date',
      'course_sections.release_kind as section_kind',
      'course_sections.release_days as section_days',
      'course_sections.release_date as section_date',
    ])
    .where('course_lessons.id', '=', value('lessonId'))
    .where('course_lessons.course_id', '=', value('courseId')),
);

const enrolmentGrantedAt = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .selectFrom('enrolments')
    .select('granted_at')
    .where('user_id', '=', value('userId'))
    .where('course_id', '=', value('courseId'))
    .where('revoked_at', 'is', null),
);

/** The lesson's own rule and its section's, or undefined for no such lesson of the course. */
export const findLessonRelease = (db: Db, courseId: string, lessonId: string) =>
  lessonRelease.first(db, { courseId, lessonId });

/** When the learner's active enrolment in the course was granted, or undefined. */
export async function findEnrolmentGrantedAt(db: Db, userId: string, courseId: string): Promise<string | undefined> {
  return (await enrolmentGrantedAt.first(db, { userId, courseId }))?.granted_at;
}

/** The lessons a course file is attached to, each with its rule and its section's. */
export function findFileLessons(db: Db, fileId: string) {
  return db
    .selectFrom('lesson_attachments')
    .innerJoin('course_lessons', 'course_lessons.id', 'lesson_attachments.lesson_id')
    .innerJoin('course_sections', 'course_sections.id', 'course_lessons.section_id')
    .select([
      'course_lessons.id',
      'course_lessons.release_kind',
      'course_lessons.release_days',
      'course_lessons.release_date',
      'course_sections.release_kind as section_kind',
      'course_sections.release_days as section_days',
      'course_sections.release_date as section_date',
    ])
    .where('lesson_attachments.file_id', '=', fileId)
    .execute();
}
