import type { CourseDetail, CourseSummary } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { toCourse, toCourseSummary } from '../courses/course-row.js';
import { findCourseRow, findPublishedCourses } from '../courses/index.js';
import { countCourseLearners } from '../learning/count-course-learners.js';
import { courseCurriculum } from '../learning/course-curriculum.js';
import { findInstalmentOffer } from '../plans/index.js';
import { findCourseRating, findCourseRatings, type RatingSummary } from '../reviews/rating-summary.js';

/**
 * A course's rating comes from its buyers' visible reviews (issue 14, decision 0022): with none it is
 * 0, which the cards and the course page show as 'No reviews yet'. Read from stored counts, and only
 * when a cached answer is rebuilt.
 */
function withRating<T extends CourseSummary>(course: T, rating: RatingSummary | undefined): T {
  const average = rating?.average ?? 0;
  return { ...course, rating: average, review: average.toFixed(1) };
}

export async function listCourses(db: Db, query?: string): Promise<CourseSummary[]> {
  const [rows, ratings, learners] = await Promise.all([
    findPublishedCourses(db, query),
    findCourseRatings(db),
    countCourseLearners(db),
  ]);
  return rows.map((row) =>
    withRating({ ...toCourseSummary(row), students: learners.get(row.id) ?? 0 }, ratings.get(row.id)),
  );
}

/** Unpublished courses are not shown to visitors; their buyers reach them through their enrolments. */
export async function getPublishedCourse(
  db: Db,
  id: string,
  cohorts: Pick<CourseDetail, 'cohorts' | 'runsInCohorts'>,
): Promise<CourseDetail> {
  const row = await findCourseRow(db, id);
  if (row?.published !== 1) throw new AppError('not_found', messages.courseNotFound);
  const [curriculum, rating, learners, instalments] = await Promise.all([
    courseCurriculum(db, id),
    findCourseRating(db, id),
    countCourseLearners(db, [id]),
    findInstalmentOffer(db, { courseId: id }),
  ]);
  return withRating({ ...toCourse(row), curriculum, students: learners.get(id) ?? 0, instalments, ...cohorts }, rating);
}
