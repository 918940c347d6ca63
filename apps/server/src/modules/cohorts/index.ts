/**
 * The cohorts module's face to other modules (issue 35): which cohort a learner is in for a course (the
 * scheduled release's `afterCohortStart` rule and the cohort's live sessions ask it).
 */
export { findLearnerCohort, type LearnerCohort } from './repo.js';
