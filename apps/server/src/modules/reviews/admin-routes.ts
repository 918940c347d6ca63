import { objectId, reviewPaths, reviewVisibilityInput } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../parse-input.js';
import { setReviewVisibility } from './hide-review.js';
import { listReviewsForConsole } from './list-reviews-for-console.js';

const idParams = z.object({ id: objectId });

/** The operator's review calls, inside the admin scope (role checked first). */
export const reviewAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get(reviewPaths.adminReviews, async () => ({
    ok: true as const,
    reviews: await listReviewsForConsole(deps.db),
  }));
  app.post(reviewPaths.adminVisibility, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { hidden } = parseInput(reviewVisibilityInput, request.body);
    return { ok: true as const, ...(await setReviewVisibility(deps, requireAdmin(request), id, hidden)) };
  });
};
