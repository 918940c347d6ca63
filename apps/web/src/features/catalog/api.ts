import type { Course, CourseSummary, GetCourseResponse, ListCoursesResponse } from '@shop/shared';
import { catalogPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<CourseSummary[], string | undefined>({
      query: (q) => (q ? `${catalogPaths.courses}?q=${encodeURIComponent(q)}` : catalogPaths.courses),
      transformResponse: (response: ListCoursesResponse) => response.courses,
      providesTags: ['Course'],
    }),
    getCourse: build.query<Course, string>({
      query: (id) => pathWith(catalogPaths.course, { id }),
      transformResponse: (response: GetCourseResponse) => response.course,
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useGetCoursesQuery, useGetCourseQuery } = catalogApi;
