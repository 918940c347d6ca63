import type { PlaybackResponse, StopOtherDevicesResponse } from '@shop/shared';
import { pathWith, playbackPaths } from '@shop/shared';
import { api } from '../../lib/api';

export interface LessonRef {
  courseId: string;
  lessonId: string;
}

export const playbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A lesson's own video: its signed playlist URL and watermark; asked again before the URL expires. */
    getPlayback: build.query<PlaybackResponse, LessonRef>({
      query: ({ courseId, lessonId }) => pathWith(playbackPaths.playback, { courseId, lessonId }),
      keepUnusedDataFor: 0,
    }),
    stopOtherDevices: build.mutation<StopOtherDevicesResponse, void>({
      query: () => ({ url: playbackPaths.stopOtherDevices, method: 'POST' }),
    }),
  }),
});

export const { useLazyGetPlaybackQuery, useStopOtherDevicesMutation } = playbackApi;
