import type { PlaybackResponse, StopOtherDevicesResponse } from '@shop/shared';
import { pathWith, playbackPaths } from '@shop/shared';
import { api } from '../../lib/api';

export interface LessonRef {
  courseId: string;
  lessonId: string;
}
/** What a grant is asked for: a lesson's video, or a live session's recording (issue 35). */
export type PlaybackRef = LessonRef | { recordingOf: string };

export const playbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A lesson's own video: its signed playlist URL and watermark; asked again before the URL expires. */
    getPlayback: build.query<PlaybackResponse, PlaybackRef>({
      query: (ref) =>
        'recordingOf' in ref
          ? pathWith(playbackPaths.recording, { id: ref.recordingOf })
          : pathWith(playbackPaths.playback, ref),
      keepUnusedDataFor: 0,
    }),
    stopOtherDevices: build.mutation<StopOtherDevicesResponse, void>({
      query: () => ({ url: playbackPaths.stopOtherDevices, method: 'POST' }),
    }),
  }),
});

export const { useLazyGetPlaybackQuery, useStopOtherDevicesMutation } = playbackApi;
