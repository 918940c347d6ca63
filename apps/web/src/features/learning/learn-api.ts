import type {
  LearnCourseResponse,
  PreviewLesson,
  PreviewLessonsResponse,
  SaveProgressInput,
  SaveProgressResponse,
} from '@shop/shared';
import { learningPaths, pathWith } from '@shop/shared';
import { api } from '../../app/api';

export interface SaveProgressArgs extends SaveProgressInput {
  courseId: string;
  lessonId: string;
}

export function progressUrl(courseId: string, lessonId: string): string {
  return pathWith(learningPaths.progress, { courseId, lessonId });
}

export const learnApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A course's free preview lessons, for anyone on its page; a failure just shows no Preview buttons. */
    getPreviewLessons: build.query<PreviewLesson[], string>({
      query: (courseId) => pathWith(learningPaths.previews, { courseId }),
      transformResponse: (response: PreviewLessonsResponse | undefined) =>
        Array.isArray(response?.lessons) ? response.lessons : [],
    }),
    getLearnCourse: build.query<LearnCourseResponse, string>({
      query: (courseId) => pathWith(learningPaths.course, { courseId }),
      // Attachment links expire after 10 minutes: a player open longer asks again.
      keepUnusedDataFor: 60,
    }),
    saveLessonProgress: build.mutation<SaveProgressResponse, SaveProgressArgs>({
      // keepalive: the save sent as the learner leaves the page still arrives.
      query: ({ courseId, lessonId, ...body }) => ({
        url: progressUrl(courseId, lessonId),
        method: 'POST',
        body,
        keepalive: true,
      }),
      // The answer is the new state: it is written into the player's copy, so a save costs one request.
      async onQueryStarted({ courseId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          learnApi.util.updateQueryData('getLearnCourse', courseId, (draft) => {
            draft.progress = data.progress;
            draft.certificateId = data.certificateId;
            for (const section of draft.sections) {
              for (const lesson of section.lessons) {
                if (lesson.id !== data.lessonId) continue;
                lesson.completed = data.completed;
                lesson.positionSeconds = data.positionSeconds;
              }
            }
          }),
        );
      },
    }),
  }),
});

export const { useGetLearnCourseQuery, useGetPreviewLessonsQuery, useSaveLessonProgressMutation } = learnApi;
