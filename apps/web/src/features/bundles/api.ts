import type { Bundle, BundleResponse } from '@shop/shared';
import { bundlePaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

export const bundlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBundle: build.query<Bundle, string>({
      query: (id) => pathWith(bundlePaths.bundle, { id }),
      transformResponse: (response: BundleResponse) => response.bundle,
    }),
  }),
});

export const { useGetBundleQuery } = bundlesApi;
