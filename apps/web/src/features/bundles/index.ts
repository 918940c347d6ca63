/** What other features may use of bundles: one bundle's query and its list of courses. */
export { useGetBundleQuery } from './api';
export { BundleCourses } from './bundle-courses';
