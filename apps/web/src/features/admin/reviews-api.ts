import type { AdminReview } from '@shop/shared';
import { pathWith, reviewPaths } from '@shop/shared';
import { adminApi } from './api';

export const reviewsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listAdminReviews: build.query<AdminReview[], void>({
      query: () => reviewPaths.adminReviews,
      transformResponse: (r: { reviews: AdminReview[] }) => r.reviews,
      providesTags: ['Admin'],
    }),
    // A hidden review changes the course's figures: the shop's cards and course pages refetch theirs.
    setReviewVisibility: build.mutation<{ review: AdminReview; message: string }, { id: string; hidden: boolean }>({
      query: ({ id, hidden }) => ({
        url: pathWith(reviewPaths.adminVisibility, { id }),
        method: 'POST',
        body: { hidden },
      }),
      invalidatesTags: ['Admin', 'Course'],
    }),
  }),
});

export const { useListAdminReviewsQuery, useSetReviewVisibilityMutation } = reviewsAdminApi;
