import type { BundleDetail, BundleResponse } from '@shop/shared';
import { bundlePaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

export const bundlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A bundle with its instalment offer; tagged 'Course' so the console's instalments save refreshes it. */
    getBundle: build.query<BundleDetail, string>({
      query: (id) => pathWith(bundlePaths.bundle, { id }),
      transformResponse: (response: BundleResponse) => response.bundle,
      providesTags: ['Course'],
    }),
  }),
});

export const { useGetBundleQuery } = bundlesApi;
