import type { AdminCohort, PublicCohort } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findCourseRow } from '../courses/index.js';
import { adminCohortView, enrolmentOpen, publicCohortView } from './cohort-view.js';
import { courseHasCohorts, findAllCohorts, findCourseCohorts } from './repo.js';

/** The console's cohorts of a course, every one (closed and full too), with seats taken and left; 404 for no course. */
export async function listConsoleCohorts(db: Db, courseId: string, now = new Date()): Promise<AdminCohort[]> {
  if (!(await findCourseRow(db, courseId))) throw new AppError('not_found', messages.courseNotFound);
  return (await findCourseCohorts(db, courseId)).map((cohort) => adminCohortView(cohort, now));
}

/** Every course's cohorts for the console (the live-session form names a cohort as the audience). */
export async function listAllCohorts(db: Db, now = new Date()): Promise<AdminCohort[]> {
  return (await findAllCohorts(db)).map((cohort) => adminCohortView(cohort, now));
}

/**
 * The course page's cohorts: those whose enrolment is not closed today (India time), soonest start first; a
 * full one stays with 0 seats left (the picker shows it disabled), so the page can tell a course whose
 * cohorts are all taken from a self-paced one. Read fresh on each request (seats change as people buy).
 */
export async function openCohortsOf(
  db: Db,
  courseId: string,
  now = new Date(),
): Promise<{ cohorts: PublicCohort[]; runsInCohorts: boolean }> {
  const all = await findCourseCohorts(db, courseId);
  return {
    cohorts: all.filter((cohort) => enrolmentOpen(cohort, now)).map(publicCohortView),
    runsInCohorts: all.length > 0,
  };
}

/** Whether the course is sold by cohort (it has any cohort at all). */
export function runsInCohorts(db: Db, courseId: string): Promise<boolean> {
  return courseHasCohorts(db, courseId);
}
