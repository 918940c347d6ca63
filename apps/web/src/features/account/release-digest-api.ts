import type { ReleaseDigestResponse, ReleaseDigestSetting } from '@shop/shared';
import { learningPaths } from '@shop/shared';
import { api } from '../../lib/api';

export const releaseDigestApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Whether the learner gets the daily e-mail of newly opened lessons (issue 35). */
    getReleaseDigest: build.query<boolean, void>({
      query: () => learningPaths.releaseDigest,
      transformResponse: (response: ReleaseDigestResponse) => response.enabled,
      providesTags: ['Profile'],
    }),
    saveReleaseDigest: build.mutation<ReleaseDigestResponse, ReleaseDigestSetting>({
      query: (body) => ({ url: learningPaths.releaseDigest, method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useGetReleaseDigestQuery, useSaveReleaseDigestMutation } = releaseDigestApi;
