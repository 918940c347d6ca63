import {
  courseReviewsResponse,
  errorResponse,
  myReviewResponse,
  reviewParams,
  reviewPaths,
  reviewsQuery,
  saveReviewResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { getMyReview } from './get-my-review.js';
import { listCourseReviews } from './list-course-reviews.js';
import { saveReview } from './save-review.js';

/** Buyers' reviews of a course: public figures and list, the caller's own review, and posting one. */
export const reviewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    reviewPaths.reviews,
    {
      config: { skipSession: true },
      schema: {
        params: reviewParams,
        querystring: reviewsQuery,
        response: { 200: courseReviewsResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => listCourseReviews(db, request.params.id, request.query.page),
  );

  app.get(
    reviewPaths.mine,
    { schema: { params: reviewParams, response: { 200: myReviewResponse, 400: errorResponse, 401: errorResponse } } },
    async (request) => getMyReview(db, requireUser(request).id, request.params.id),
  );

  // The body is checked after the caller is known to own the course: a visitor hears 'log in' first.
  app.post(
    reviewPaths.reviews,
    {
      schema: {
        params: reviewParams,
        response: {
          200: saveReviewResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => saveReview(deps, requireUser(request), request.params.id, request.body),
  );
};
