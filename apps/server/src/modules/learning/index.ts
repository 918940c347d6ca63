/**
 * The learning module's face: a course's sections and lessons as stored (for the course import), and the
 * writes of `enrolments` (the console's grant, a paid or refunded order's) and of `course_files`. Other
 * modules import from here or from learning's use cases, never from its repositories (architecture.test.ts).
 */

export { courseFileKey } from './course-file-store.js';
export { enrolInstalmentBuyers } from './enrol-instalment-buyers.js';
export {
  activeEnrolments,
  grantEnrolment,
  grantOrderEnrolment,
  moveOrRevokeEnrolment,
  revokeEnrolments,
} from './grant-enrolment.js';
export { lessonRuleOf } from './lesson-release.js';
export { findLessons, findSections } from './lessons-repo.js';
export { addCourseFileRow, findCourseFileRow, listCourseFileRows, removeCourseFileRow } from './manage-course-files.js';
export { findEnrolmentHistory, findLearnerIds as courseLearnerIds } from './repo.js';
export { mayOpenCourse, requireLessonOpen } from './require-enrolment.js';
export { RELEASE_DIGEST_JOB, sendReleaseDigests } from './send-release-digests.js';
