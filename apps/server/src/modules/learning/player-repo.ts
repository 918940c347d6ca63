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

// The probed length of each lesson's own video, which its completion is measured against (issue 32).
const videoDurationsOfCourse = preparedQuery<{ courseId: string }>()((db, value) =>
  db
    .selectFrom('course_lessons')
    .innerJoin('lesson_videos', 'lesson_videos.id', 'course_lessons.video_id')
    .select(['course_lessons.id', 'lesson_videos.duration_seconds'])
    .where('course_lessons.course_id', '=', value('courseId')),
);

const progressOfCourse = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .selectFrom('lesson_progress')
    .select(['lesson_id', 'position_seconds', 'completed_at', 'watched_seconds', 'updated_at'])
    .where('user_id', '=', value('userId'))
    .where('course_id', '=', value('courseId'))
    .orderBy('updated_at', 'desc'),
);

// The learner's ticks read through their enrolment: no row at all when they do not own the course now,
// one row of nulls when they own it and have opened nothing. One query where a check and a read were two.
const progressIfEnrolled = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .selectFrom('enrolments')
    .leftJoin('lesson_progress', (join) =>
      join
        .onRef('lesson_progress.user_id', '=', 'enrolments.user_id')
        .onRef('lesson_progress.course_id', '=', 'enrolments.course_id'),
    )
    .select(['lesson_progress.lesson_id', 'lesson_progress.position_seconds', 'lesson_progress.completed_at'])
    .where('enrolments.user_id', '=', value('userId'))
    .where('enrolments.course_id', '=', value('courseId'))
    .where('enrolments.revoked_at', 'is', null)
    .orderBy('lesson_progress.updated_at', 'desc'),
);

type ProgressWrite = {
  userId: string;
  lessonId: string;
  courseId: string;
  position: number;
  completedAt: string | null;
  now: string;
  watched: number;
  /** The row this write was computed from (nulls when there was none): it writes only over that row. */
  previousSavedAt: string | null;
  previousWatched: number | null;
};

// The save writes only for a learner who owns the course now: the enrolment check is part of the insert,
// so a save is one statement, and "no row written" means "not enrolled".
const saveProgressIfEnrolled = preparedQuery<ProgressWrite>()((db, value) =>
  db
    .insertInto('lesson_progress')
    .columns(['user_id', 'lesson_id', 'course_id', 'position_seconds', 'completed_at', 'updated_at', 'watched_seconds'])
    .expression(
      db
        .selectFrom('enrolments')
        .select((eb) => [
          eb.val(value('userId')).as('user_id'),
          eb.val(value('lessonId')).as('lesson_id'),
          eb.val(value('courseId')).as('course_id'),
          // PostgreSQL reads a bare parameter in a select list as text.
          eb.cast<number>(eb.val(value('position')), 'integer').as('position_seconds'),
          eb.val(value('completedAt')).as('completed_at'),
          eb.val(value('now')).as('updated_at'),
          eb.cast<number>(eb.val(value('watched')), 'integer').as('watched_seconds'),
        ])
        .where('enrolments.user_id', '=', value('userId'))
        .where('enrolments.course_id', '=', value('courseId'))
        .where('enrolments.revoked_at', 'is', null),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'lesson_id'])
        .doUpdateSet((eb) => ({
          position_seconds: eb.ref('excluded.position_seconds'),
          // A completion, once stamped, stays: a later save never takes it back.
          completed_at: sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
          updated_at: eb.ref('excluded.updated_at'),
          watched_seconds: eb.ref('excluded.watched_seconds'),
        }))
        // The watched time was added to the row as it was read: a save that raced another (two tabs)
        // writes nothing and is worked out again, so no stretch of time is credited twice.
        .where('lesson_progress.updated_at', '=', value('previousSavedAt'))
        .where('lesson_progress.watched_seconds', '=', value('previousWatched')),
    ),
);

export const readCourseHeading = (db: Db, courseId: string) => courseHeading.first(db, { courseId });
export const readSections = (db: Db, courseId: string) => sectionsOfCourse.rows(db, { courseId });
export const readLessons = (db: Db, courseId: string) => lessonsOfCourse.rows(db, { courseId });
export const readAttachments = (db: Db, courseId: string) => attachmentsOfCourse.rows(db, { courseId });
export const readVideoDurations = (db: Db, courseId: string) => videoDurationsOfCourse.rows(db, { courseId });
/** The learner's progress rows in a course, newest first. */
export const readProgress = (db: Db, userId: string, courseId: string) =>
  progressOfCourse.rows(db, { userId, courseId });

/** The learner's progress rows, newest first, or null when they do not own the course now (one query). */
export async function readProgressIfEnrolled(db: Db, userId: string, courseId: string): Promise<ProgressRow[] | null> {
  return enrolledRows(await progressIfEnrolled.rows(db, { userId, courseId }));
}

function enrolledRows(
  rows: { lesson_id: string | null; position_seconds: number | null; completed_at: string | null }[],
) {
  if (rows.length === 0) return null;
  return rows.filter((row): row is ProgressRow => row.lesson_id !== null);
}

/**
 * Saves a position for a learner who owns the course now, over the row it was computed from; false (and
 * nothing written) for anyone else, or when another save changed the row meanwhile.
 */
export async function writeProgressIfEnrolled(db: Db, row: ProgressWrite): Promise<boolean> {
  const result = await saveProgressIfEnrolled.execute(db, row);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * The same save for a member whose membership opens the course (the caller has checked it): no enrolment
 * to join, the same guard against a save that raced another.
 */
export async function writeMemberProgress(db: Db, row: ProgressWrite): Promise<boolean> {
  const result = await db
    .insertInto('lesson_progress')
    .values({
      user_id: row.userId,
      lesson_id: row.lessonId,
      course_id: row.courseId,
      position_seconds: row.position,
      completed_at: row.completedAt,
      updated_at: row.now,
      watched_seconds: row.watched,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'lesson_id'])
        .doUpdateSet((eb) => ({
          position_seconds: eb.ref('excluded.position_seconds'),
          completed_at: sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
          updated_at: eb.ref('excluded.updated_at'),
          watched_seconds: eb.ref('excluded.watched_seconds'),
        }))
        .where('lesson_progress.updated_at', '=', row.previousSavedAt)
        .where('lesson_progress.watched_seconds', '=', row.previousWatched),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

type ProgressRow = { lesson_id: string; position_seconds: number; completed_at: string | null };
