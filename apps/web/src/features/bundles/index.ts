/** What other features may use of the bundles feature (issue 34): the course page's list of bundles. */
export { BundlesOfCourse } from './bundles-of-course';
