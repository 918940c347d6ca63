import type { CurriculumItem } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findLessons } from './lessons-repo.js';

/**
 * The spec's curriculum list, derived from the lessons in reading order (issue 14). Public: each item's
 * `content` is the lesson's summary, never its body (that is for enrolled learners).
 */
export async function courseCurriculum(db: Db, courseId: string): Promise<CurriculumItem[]> {
  const lessons = await findLessons(db, courseId);
  return lessons.map((lesson) => ({ title: lesson.title, duration: lesson.duration, content: lesson.summary }));
}
