import type { LessonVideoResponse } from '@shop/shared';
import { pathWith, videoAdminPaths } from '@shop/shared';
import { adminApi } from './api';

/** A lesson's own video: its own tag, so its polling never refetches (and resets) the structure editor. */
export const lessonVideoApi = adminApi.enhanceEndpoints({ addTagTypes: ['LessonVideo'] }).injectEndpoints({
  endpoints: (build) => ({
    getLessonVideo: build.query<LessonVideoResponse, string>({
      query: (lessonId) => pathWith(videoAdminPaths.video, { lessonId }),
      providesTags: (_result, _error, lessonId) => [{ type: 'LessonVideo', id: lessonId }],
    }),
    retryLessonVideo: build.mutation<LessonVideoResponse, string>({
      query: (lessonId) => ({ url: pathWith(videoAdminPaths.retry, { lessonId }), method: 'POST' }),
      invalidatesTags: (_result, _error, lessonId) => [{ type: 'LessonVideo', id: lessonId }],
    }),
    deleteLessonVideo: build.mutation<unknown, string>({
      query: (lessonId) => ({ url: pathWith(videoAdminPaths.video, { lessonId }), method: 'DELETE' }),
      invalidatesTags: (_result, _error, lessonId) => [{ type: 'LessonVideo', id: lessonId }, 'Course', 'Enrolled'],
    }),
    uploadCaptions: build.mutation<LessonVideoResponse, { lessonId: string; text: string }>({
      query: ({ lessonId, text }) => ({
        url: pathWith(videoAdminPaths.captions, { lessonId }),
        method: 'POST',
        headers: { 'content-type': 'text/vtt' },
        body: text,
      }),
      invalidatesTags: (_result, _error, { lessonId }) => [{ type: 'LessonVideo', id: lessonId }],
    }),
  }),
});

export const {
  useGetLessonVideoQuery,
  useRetryLessonVideoMutation,
  useDeleteLessonVideoMutation,
  useUploadCaptionsMutation,
} = lessonVideoApi;
