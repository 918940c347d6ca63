import type { Course, CourseSummary } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { courseCurriculum } from '../learning/course-curriculum.js';
import { findCourseById, findPublishedCourses, toCourse, toCourseSummary } from './repo.js';

export async function listCourses(db: Db, query?: string): Promise<CourseSummary[]> {
  const rows = await findPublishedCourses(db, query);
  return rows.map(toCourseSummary);
}

/** Unpublished courses are not shown to visitors; their buyers reach them through their enrolments. */
export async function getPublishedCourse(db: Db, id: string): Promise<Course> {
  const row = await findCourseById(db, id);
  if (row?.published !== 1) throw new AppError('not_found', messages.courseNotFound);
  return { ...toCourse(row), curriculum: await courseCurriculum(db, id) };
}
