import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export async function findCourseHeading(db: Db, courseId: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'title', 'thumb', 'instructor'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

/** The learner's rows for a course's current lessons, the most recently saved first. */
export async function findProgressRows(db: Db, userId: string, courseId: string) {
  return db
    .selectFrom('lesson_progress')
    .innerJoin('course_lessons', 'course_lessons.id', 'lesson_progress.lesson_id')
    .select(['lesson_progress.lesson_id', 'lesson_progress.position_seconds', 'lesson_progress.completed_at'])
    .where('lesson_progress.user_id', '=', userId)
    .where('lesson_progress.course_id', '=', courseId)
    .orderBy('lesson_progress.updated_at', 'desc')
    .execute();
}

/** Completed and total lessons per course, for the enrolled-courses cards. */
export async function countProgressOfCourses(db: Db, userId: string, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('course_lessons')
    .leftJoin('lesson_progress', (join) =>
      join
        .onRef('lesson_progress.lesson_id', '=', 'course_lessons.id')
        .on('lesson_progress.user_id', '=', userId)
        .on('lesson_progress.completed_at', 'is not', null),
    )
    .select((eb) => [
      'course_lessons.course_id',
      eb.fn.count<string | number>('course_lessons.id').as('total'),
      eb.fn.count<string | number>('lesson_progress.lesson_id').as('completed'),
    ])
    .where('course_lessons.course_id', 'in', courseIds)
    .groupBy('course_lessons.course_id')
    .execute();
}

/**
 * One row per learner and lesson: the position is the latest sent; a completion, once stamped,
 * stays (a later save with `completed: false` keeps it).
 */
export async function upsertProgress(
  db: Db,
  row: {
    userId: string;
    courseId: string;
    lessonId: string;
    positionSeconds: number;
    completedAt: string | null;
    now: string;
  },
) {
  await db
    .insertInto('lesson_progress')
    .values({
      user_id: row.userId,
      lesson_id: row.lessonId,
      course_id: row.courseId,
      position_seconds: row.positionSeconds,
      completed_at: row.completedAt,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet((eb) => ({
        position_seconds: eb.ref('excluded.position_seconds'),
        completed_at: sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
