import { type AdminCohort, indiaDate, type PublicCohort } from '@shop/shared';
import type { CohortWithTaken } from './repo.js';

/**
 * Enrolment is open while today, in India, is on or before the cohort's last day of enrolment (none: always
 * open). A full cohort is still open for enrolment: it only has no seat left.
 */
export function enrolmentOpen(cohort: Pick<CohortWithTaken, 'enrol_until'>, now: Date): boolean {
  return cohort.enrol_until === null || indiaDate(now) <= cohort.enrol_until;
}

/** The seats left: null without a limit, never below 0. */
export function seatsLeft(cohort: Pick<CohortWithTaken, 'seats' | 'taken'>): number | null {
  return cohort.seats === null ? null : Math.max(0, cohort.seats - cohort.taken);
}

export function adminCohortView(cohort: CohortWithTaken, now: Date): AdminCohort {
  const left = seatsLeft(cohort);
  return {
    id: cohort.id,
    courseId: cohort.course_id,
    title: cohort.title,
    startsOn: cohort.starts_on,
    seats: cohort.seats,
    enrolUntil: cohort.enrol_until,
    seatsTaken: cohort.taken,
    seatsLeft: left,
    open: enrolmentOpen(cohort, now) && left !== 0,
  };
}

export function publicCohortView(cohort: CohortWithTaken): PublicCohort {
  return { id: cohort.id, title: cohort.title, startsOn: cohort.starts_on, seatsLeft: seatsLeft(cohort) };
}
