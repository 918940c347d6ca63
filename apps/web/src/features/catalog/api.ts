import type {
  Bundle,
  BundlesResponse,
  CourseDetail,
  CourseSummary,
  GetCourseResponse,
  ListCoursesResponse,
} from '@shop/shared';
import { bundlePaths, catalogPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<CourseSummary[], string | undefined>({
      query: (q) => (q ? `${catalogPaths.courses}?q=${encodeURIComponent(q)}` : catalogPaths.courses),
      transformResponse: (response: ListCoursesResponse) => response.courses,
      providesTags: ['Course'],
    }),
    getCourse: build.query<CourseDetail, string>({
      query: (id) => pathWith(catalogPaths.course, { id }),
      transformResponse: (response: GetCourseResponse) => response.course,
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
    /** The published bundles that include this course (the course page's list; a bundle's own page is features/bundles). */
    getBundlesWithCourse: build.query<Bundle[], string>({
      query: (courseId) => `${bundlePaths.bundles}?courseId=${encodeURIComponent(courseId)}`,
      transformResponse: (response: BundlesResponse) => response.bundles,
    }),
  }),
});

export const { useGetCoursesQuery, useGetCourseQuery, useGetBundlesWithCourseQuery } = catalogApi;
