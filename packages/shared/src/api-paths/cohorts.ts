/** The cohorts module (issue 35): the console's cohorts of a course, and one cohort's change. */
export const cohortPaths = {
  /** Every course's cohorts, soonest start first (the live-session form's audience). */
  adminCohorts: '/api/admin/cohorts',
  /** A course's cohorts with their seats taken (GET), or a new one (POST). */
  adminCourseCohorts: '/api/admin/courses/:id/cohorts',
  /** Rename, change the seats or the end of enrolment, or move the start. */
  adminCohort: '/api/admin/cohorts/:id',
} as const;
