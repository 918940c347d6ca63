import type { VideoSettingsInput, VideoSettingsResponse } from '@shop/shared';
import { playbackPaths } from '@shop/shared';
import { adminApi } from './api';

export const videoSettingsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getVideoSettings: build.query<VideoSettingsInput, void>({
      query: () => playbackPaths.adminSettings,
      transformResponse: (r: VideoSettingsResponse) => r.settings,
      providesTags: ['Admin'],
    }),
    saveVideoSettings: build.mutation<VideoSettingsResponse, VideoSettingsInput>({
      query: (body) => ({ url: playbackPaths.adminSettings, method: 'PUT', body }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useGetVideoSettingsQuery, useSaveVideoSettingsMutation } = videoSettingsApi;
