import {
  adminReviewsResponse,
  objectId,
  reviewPaths,
  reviewVisibilityInput,
  reviewVisibilityResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { setReviewVisibility } from './hide-review.js';
import { listReviewsForConsole } from './list-reviews-for-console.js';

const idParams = z.object({ id: objectId });

/** The operator's review calls, inside the admin scope (role checked first). */
export const reviewAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(reviewPaths.adminReviews, { schema: { response: { 200: adminReviewsResponse } } }, async () => ({
    ok: true as const,
    reviews: await listReviewsForConsole(deps.db),
  }));
  app.post(
    reviewPaths.adminVisibility,
    {
      schema: {
        params: idParams,
        body: reviewVisibilityInput,
        response: { 200: reviewVisibilityResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await setReviewVisibility(deps, requireAdmin(request), request.params.id, request.body.hidden)),
    }),
  );
};
