/**
 * The cohorts module's face to other modules (issue 35): which cohort a learner is in for a course (the
 * scheduled release's `afterCohortStart` rule and the cohort's live sessions ask it); the course page's open
 * cohorts; whether a course may be sold with a cohort (cart, checkout); the seats a paid order takes under
 * the cohort's lock (orders' fulfilment); a cohort's members (live sessions); the learner's seats (privacy).
 */
export { cohortMemberIds, cohortSummary, isCohortMember } from './cohort-audience.js';
export { type CohortForSale, cohortForSale, titleWithCohort } from './cohort-for-sale.js';
export { openCohortsOf, runsInCohorts } from './list-cohorts.js';
export { eraseSeatsOf, exportSeatsOf } from './personal-data.js';
export { findLearnerCohort, type LearnerCohort } from './repo.js';
export { fullCohortsOf, lockSeats, releaseSeats, takeSeats } from './take-seats.js';
