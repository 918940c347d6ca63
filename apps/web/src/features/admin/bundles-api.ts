import type {
  AdminBundle,
  AdminBundleInput,
  AdminBundlePatch,
  AdminBundleResponse,
  AdminBundlesResponse,
} from '@shop/shared';
import { bundlePaths } from '@shop/shared';
import { adminApi } from './api';
import { saveRequest } from './save-request';

export const bundlesAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listAdminBundles: build.query<AdminBundle[], void>({
      query: () => bundlePaths.adminBundles,
      transformResponse: (r: AdminBundlesResponse) => r.bundles,
      providesTags: ['Admin'],
    }),
    /** A new bundle (POST) or a change to one (PATCH, only the changed fields). */
    saveBundle: build.mutation<
      AdminBundle,
      { id: null; input: AdminBundleInput } | { id: string; input: AdminBundlePatch }
    >({
      query: saveRequest<AdminBundleInput | AdminBundlePatch>(bundlePaths.adminBundles, bundlePaths.adminBundle),
      transformResponse: (r: AdminBundleResponse) => r.bundle,
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useListAdminBundlesQuery, useSaveBundleMutation } = bundlesAdminApi;
