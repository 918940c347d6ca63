import { indiaLongDate, messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError, type ErrorCode } from '../../errors.js';
import { enrolmentOpen, seatsLeft } from './cohort-view.js';
import { courseHasCohorts, findCohort } from './repo.js';

export interface CohortForSale {
  id: string;
  title: string;
  startsOn: string;
}

/**
 * Whether a course may be sold with this cohort now: a course that runs in cohorts needs one of its own
 * cohorts whose enrolment is not closed (today in India on or before its last day) and that has a seat
 * left; a self-paced course takes none. Answers the cohort, or null for a self-paced course; otherwise an
 * error with the message to show (`code`: 400 when the cart is asked, 409 at checkout, where the cart was
 * right when it was filled). The seat itself is taken when the paid order is fulfilled (take-seats.ts).
 */
export async function cohortForSale(
  db: Db,
  courseId: string,
  cohortId: string | null | undefined,
  now = new Date(),
  code: ErrorCode = 'bad_request',
): Promise<CohortForSale | null> {
  if (!cohortId) {
    if (await courseHasCohorts(db, courseId)) throw new AppError(code, messages.cohortRequired);
    return null;
  }
  const cohort = await findCohort(db, cohortId);
  if (!cohort || cohort.course_id !== courseId) {
    const message = (await courseHasCohorts(db, courseId))
      ? messages.cohortNotOfCourse
      : messages.cohortNotForSelfPaced;
    throw new AppError(code, message);
  }
  if (!enrolmentOpen(cohort, now)) throw new AppError(code, messages.cohortClosed);
  if (seatsLeft(cohort) === 0) throw new AppError(code, messages.cohortFull);
  return { id: cohort.id, title: cohort.title, startsOn: cohort.starts_on };
}

/** How an order line, the invoice and the confirmation name a course bought for a cohort. */
export function titleWithCohort(courseTitle: string, cohort: CohortForSale | null): string {
  if (!cohort) return courseTitle;
  return `${courseTitle} — ${cohort.title}, ${messages.cohortStarts.replace('{date}', indiaLongDate(cohort.startsOn))}`;
}
