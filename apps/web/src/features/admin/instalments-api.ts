import type { AdminInstalmentsInput, AdminInstalmentsResponse } from '@shop/shared';
import { pathWith, type planPaths } from '@shop/shared';
import { adminApi } from './api';

/** Whose instalment offer the console edits: a course's or a bundle's (the same input and answer). */
export type InstalmentsPath = (typeof planPaths)['adminCourseInstalments' | 'adminBundleInstalments'];
export interface InstalmentsTarget {
  path: InstalmentsPath;
  id: string;
}

/** A course's or bundle's instalment offer in the console (decision 0038): read, set (count 2–12) or remove (count 0). */
export const instalmentsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getInstalments: build.query<AdminInstalmentsResponse, InstalmentsTarget>({
      query: ({ path, id }) => pathWith(path, { id }),
      providesTags: ['Admin'],
    }),
    saveInstalments: build.mutation<AdminInstalmentsResponse, InstalmentsTarget & { input: AdminInstalmentsInput }>({
      query: ({ path, id, input }) => ({ url: pathWith(path, { id }), method: 'POST', body: input }),
      // 'Course' also holds a bundle's page (bundles/api.ts), which shows the offer.
      invalidatesTags: ['Admin', 'Course'],
    }),
  }),
});

export const { useGetInstalmentsQuery, useSaveInstalmentsMutation } = instalmentsAdminApi;
