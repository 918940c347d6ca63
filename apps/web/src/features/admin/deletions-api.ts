import type { AdminDeletion } from '@shop/shared';
import { adminApi } from './api';

export const deletionsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listDeletions: build.query<AdminDeletion[], void>({
      query: () => '/admin/deletions',
      transformResponse: (r: { deletions: AdminDeletion[] }) => r.deletions,
      providesTags: ['Admin'],
    }),
  }),
});

export const { useListDeletionsQuery } = deletionsApi;
