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

/** Every lesson position the learner saved, with course and lesson titles: their data export. */
export function findProgressByUser(db: Db, userId: string) {
  return db
    .selectFrom('lesson_progress')
    .innerJoin('courses', 'courses.id', 'lesson_progress.course_id')
    .innerJoin('course_lessons', 'course_lessons.id', 'lesson_progress.lesson_id')
    .select([
      'lesson_progress.course_id',
      'courses.title as course_title',
      'course_lessons.title as lesson_title',
      'lesson_progress.position_seconds',
      'lesson_progress.completed_at',
      'lesson_progress.updated_at',
    ])
    .where('lesson_progress.user_id', '=', userId)
    .orderBy('lesson_progress.course_id')
    .orderBy('course_lessons.position')
    .execute();
}

/** Erases the learner's progress (account deletion), inside the caller's transaction. */
export async function deleteProgressByUser(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('lesson_progress').where('user_id', '=', userId).execute();
}
