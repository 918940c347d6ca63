import type {
  CertificateClaimRequest,
  CertificateIssuedResponse,
  CertificateNameResponse,
  LearnCourseResponse,
  PreviewLesson,
  PreviewLessonsResponse,
  SaveProgressInput,
  SaveProgressResponse,
} from '@shop/shared';
import { certificatePaths, learningPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

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
    /** The name to print on a certificate as the learner last chose it, and what a form starts with. */
    getPrintedName: build.query<CertificateNameResponse, void>({
      query: () => certificatePaths.name,
      providesTags: ['Profile'],
    }),
    /** Issue 32 (N2): the completed course's certificate, under the name the learner confirms. */
    claimCertificate: build.mutation<CertificateIssuedResponse, CertificateClaimRequest & { courseId: string }>({
      query: ({ courseId, ...body }) => ({
        url: pathWith(learningPaths.certificate, { courseId }),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Profile', 'Enrolled'],
      async onQueryStarted({ courseId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          learnApi.util.updateQueryData('getLearnCourse', courseId, (draft) => {
            draft.certificateId = data.certificateId;
          }),
        );
      },
    }),
    /** The learner's one re-issue of a certificate with a corrected name: it gets a new id. */
    reissueCertificate: build.mutation<
      CertificateIssuedResponse,
      CertificateClaimRequest & { courseId: string; certificateId: string }
    >({
      query: ({ courseId: _courseId, certificateId, ...body }) => ({
        url: pathWith(certificatePaths.reissue, { id: certificateId }),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Profile', 'Enrolled'],
      async onQueryStarted({ courseId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          learnApi.util.updateQueryData('getLearnCourse', courseId, (draft) => {
            draft.certificateId = data.certificateId;
          }),
        );
      },
    }),
  }),
});

export const {
  useGetLearnCourseQuery,
  useGetPreviewLessonsQuery,
  useSaveLessonProgressMutation,
  useGetPrintedNameQuery,
  useClaimCertificateMutation,
  useReissueCertificateMutation,
} = learnApi;
