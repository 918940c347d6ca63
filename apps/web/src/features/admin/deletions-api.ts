import type { AdminDeletion, AdminDeletionsResponse } from '@shop/shared';
import { adminPaths } from '@shop/shared';
import { adminApi } from './api';

export const deletionsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listDeletions: build.query<AdminDeletion[], void>({
      query: () => adminPaths.deletions,
      transformResponse: (r: AdminDeletionsResponse) => r.deletions,
      providesTags: ['Admin'],
    }),
  }),
});

export const { useListDeletionsQuery } = deletionsApi;
