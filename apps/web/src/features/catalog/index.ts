/** What other features may use of the catalogue: the course list query and its card. */
export { useGetCourseQuery, useGetCoursesQuery } from './api';
export { CourseCard } from './course-card';
