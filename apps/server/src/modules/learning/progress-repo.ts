import type { Db } from '../../db/database.js';

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
