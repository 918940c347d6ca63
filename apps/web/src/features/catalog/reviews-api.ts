import type { CourseReviewsResponse, MyReviewResponse, ReviewInput, SaveReviewResponse } from '@shop/shared';
import { api } from '../../app/api';

const reviewsBase = api.enhanceEndpoints({ addTagTypes: ['Review'] });

export const reviewsApi = reviewsBase.injectEndpoints({
  endpoints: (build) => ({
    getCourseReviews: build.query<CourseReviewsResponse, { courseId: string; page: number }>({
      query: ({ courseId, page }) => `/courses/${encodeURIComponent(courseId)}/reviews?page=${page}`,
      providesTags: (_result, _error, { courseId }) => [{ type: 'Review', id: courseId }],
    }),
    getMyReview: build.query<MyReviewResponse, string>({
      query: (courseId) => `/courses/${encodeURIComponent(courseId)}/reviews/mine`,
      providesTags: (_result, _error, courseId) => [{ type: 'Review', id: courseId }],
    }),
    // The course's figures change with the review: the cards and the course page refetch theirs.
    saveReview: build.mutation<SaveReviewResponse, { courseId: string; input: ReviewInput }>({
      query: ({ courseId, input }) => ({
        url: `/courses/${encodeURIComponent(courseId)}/reviews`,
        method: 'POST',
        body: input,
      }),
      invalidatesTags: (_result, _error, { courseId }) => [{ type: 'Review', id: courseId }, 'Course'],
    }),
  }),
});

export const { useGetCourseReviewsQuery, useGetMyReviewQuery, useSaveReviewMutation } = reviewsApi;
