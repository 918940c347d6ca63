import type {
  AdminCohort,
  AdminCohortInput,
  AdminCohortPatch,
  AdminCohortResponse,
  AdminCohortsResponse,
} from '@shop/shared';
import { cohortPaths, pathWith } from '@shop/shared';
import { adminApi } from './api';

export const cohortsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every course's cohorts (the live-session form's audience). */
    listAllCohorts: build.query<AdminCohort[], void>({
      query: () => cohortPaths.adminCohorts,
      transformResponse: (r: AdminCohortsResponse) => r.cohorts,
      providesTags: ['Admin'],
    }),
    /** A course's cohorts, soonest start first, with their seats taken and left (issue 35). */
    listCourseCohorts: build.query<AdminCohort[], string>({
      query: (courseId) => pathWith(cohortPaths.adminCourseCohorts, { id: courseId }),
      transformResponse: (r: AdminCohortsResponse) => r.cohorts,
      providesTags: ['Admin'],
    }),
    createCohort: build.mutation<AdminCohortResponse, { courseId: string; input: AdminCohortInput }>({
      query: ({ courseId, input }) => ({
        url: pathWith(cohortPaths.adminCourseCohorts, { id: courseId }),
        method: 'POST',
        body: input,
      }),
      invalidatesTags: ['Admin'],
    }),
    /** Rename, seats, last day of enrolment, or a moved start (its members are mailed). */
    changeCohort: build.mutation<AdminCohortResponse, { id: string; patch: AdminCohortPatch }>({
      query: ({ id, patch }) => ({ url: pathWith(cohortPaths.adminCohort, { id }), method: 'PATCH', body: patch }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useListAllCohortsQuery, useListCourseCohortsQuery, useCreateCohortMutation, useChangeCohortMutation } =
  cohortsAdminApi;
