import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import { selectLessons, selectSections } from './lessons-repo.js';

// The player's calls run on every lesson opened and every few seconds of video: their queries are
// built once and re-bound (db/prepared.ts), like the other hot paths.

const courseHeading = preparedQuery<{ courseId: string }>()((db, value) =>
  db.selectFrom('courses').select(['id', 'title', 'thumb', 'instructor']).where('id', '=', value('courseId')),
);

const sectionsOfCourse = preparedQuery<{ courseId: string }>()((db, value) => selectSections(db, value('courseId')));

const lessonsOfCourse = preparedQuery<{ courseId: string }>()((db, value) => selectLessons(db, value('courseId')));

const attachmentsOfCourse = preparedQuery<{ courseId: string }>()((db, value) =>
  db
    .selectFrom('lesson_attachments')
    .innerJoin('course_files', 'course_files.id', 'lesson_attachments.file_id')
    .select(['lesson_attachments.lesson_id', 'course_files.id', 'course_files.name'])
    .where('course_files.course_id', '=', value('courseId'))
    .orderBy('lesson_attachments.position')
    .orderBy('course_files.name'),
);

const progressOfCourse = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .selectFrom('lesson_progress')
    .select(['lesson_id', 'position_seconds', 'completed_at'])
    .where('user_id', '=', value('userId'))
    .where('course_id', '=', value('courseId'))
    .orderBy('updated_at', 'desc'),
);

const saveProgress = preparedQuery<{
  userId: string;
  lessonId: string;
  courseId: string;
  position: number;
  completedAt: string | null;
  now: string;
}>()((db, value) =>
  db
    .insertInto('lesson_progress')
    .values({
      user_id: value('userId'),
      lesson_id: value('lessonId'),
      course_id: value('courseId'),
      position_seconds: value('position'),
      completed_at: value('completedAt'),
      updated_at: value('now'),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet((eb) => ({
        position_seconds: eb.ref('excluded.position_seconds'),
        // A completion, once stamped, stays: a later save never takes it back.
        completed_at: sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    ),
);

export const readCourseHeading = (db: Db, courseId: string) => courseHeading.first(db, { courseId });
export const readSections = (db: Db, courseId: string) => sectionsOfCourse.rows(db, { courseId });
export const readLessons = (db: Db, courseId: string) => lessonsOfCourse.rows(db, { courseId });
export const readAttachments = (db: Db, courseId: string) => attachmentsOfCourse.rows(db, { courseId });
export const readProgress = (db: Db, userId: string, courseId: string) =>
  progressOfCourse.rows(db, { userId, courseId });
export const writeProgress = (
  db: Db,
  row: {
    userId: string;
    courseId: string;
    lessonId: string;
    position: number;
    completedAt: string | null;
    now: string;
  },
) => saveProgress.execute(db, row);
