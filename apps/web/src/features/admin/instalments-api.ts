import type { AdminInstalmentsInput, AdminInstalmentsResponse } from '@shop/shared';
import { pathWith, planPaths } from '@shop/shared';
import { adminApi } from './api';

/** A course's instalment offer in the console (decision 0038): read, set (count 2–12) or remove (count 0). */
export const instalmentsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCourseInstalments: build.query<AdminInstalmentsResponse, string>({
      query: (id) => pathWith(planPaths.adminCourseInstalments, { id }),
      providesTags: ['Admin'],
    }),
    saveCourseInstalments: build.mutation<AdminInstalmentsResponse, { id: string; input: AdminInstalmentsInput }>({
      query: ({ id, input }) => ({
        url: pathWith(planPaths.adminCourseInstalments, { id }),
        method: 'POST',
        body: input,
      }),
      invalidatesTags: ['Admin', 'Course'],
    }),
  }),
});

export const { useGetCourseInstalmentsQuery, useSaveCourseInstalmentsMutation } = instalmentsAdminApi;
