import type { CourseProgress } from '@shop/shared';

/** The whole percent of lessons completed, rounded down: 100 only when every lesson is done. */
export function percentOf(completed: number, total: number): number {
  return total === 0 ? 0 : Math.floor((completed * 100) / total);
}

/** The learner's progress in a course whose lessons are `inCourse`; rows of lessons since removed do not count. */
export function summariseProgress(
  inCourse: ReadonlySet<string>,
  rows: { lesson_id: string; position_seconds: number; completed_at: string | null }[],
): CourseProgress {
  const mine = rows.filter((row) => inCourse.has(row.lesson_id));
  const completed = mine.filter((row) => row.completed_at !== null).length;
  const last = mine[0];
  return {
    completed,
    total: inCourse.size,
    percent: percentOf(completed, inCourse.size),
    lastLessonId: last?.lesson_id ?? null,
    lastPositionSeconds: last?.position_seconds ?? 0,
  };
}
