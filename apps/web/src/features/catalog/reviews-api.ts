import type { CourseReviewsResponse, MyReviewResponse, ReviewInput, SaveReviewResponse } from '@shop/shared';
import { pathWith, reviewPaths } from '@shop/shared';
import { api } from '../../lib/api';

const reviewsBase = api.enhanceEndpoints({ addTagTypes: ['Review'] });

export const reviewsApi = reviewsBase.injectEndpoints({
  endpoints: (build) => ({
    getCourseReviews: build.query<CourseReviewsResponse, { courseId: string; page: number }>({
      query: ({ courseId, page }) => `${pathWith(reviewPaths.reviews, { id: courseId })}?page=${page}`,
      providesTags: (_result, _error, { courseId }) => [{ type: 'Review', id: courseId }],
    }),
    getMyReview: build.query<MyReviewResponse, string>({
      query: (courseId) => pathWith(reviewPaths.mine, { id: courseId }),
      providesTags: (_result, _error, courseId) => [{ type: 'Review', id: courseId }],
    }),
    // The course's figures change with the review: the cards and the course page refetch theirs.
    saveReview: build.mutation<SaveReviewResponse, { courseId: string; input: ReviewInput }>({
      query: ({ courseId, input }) => ({
        url: pathWith(reviewPaths.reviews, { id: courseId }),
        method: 'POST',
        body: input,
      }),
      invalidatesTags: (_result, _error, { courseId }) => [{ type: 'Review', id: courseId }, 'Course'],
    }),
  }),
});

export const { useGetCourseReviewsQuery, useGetMyReviewQuery, useSaveReviewMutation } = reviewsApi;
