import type { EnrolledCourse, EnrolledCoursesResponse } from '@shop/shared';
import { learningPaths } from '@shop/shared';
import { api } from '../../lib/api';

export const learningApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The learner's courses; an answer of any other shape counts as an empty list (the spec's rule). */
    getEnrolledCourses: build.query<EnrolledCourse[], void>({
      query: () => learningPaths.enrolledCourses,
      transformResponse: (response: EnrolledCoursesResponse | undefined) =>
        Array.isArray(response?.courses) ? response.courses : [],
      providesTags: ['Enrolled'],
    }),
  }),
});

export const { useGetEnrolledCoursesQuery } = learningApi;
