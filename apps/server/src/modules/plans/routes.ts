import { errorResponse, objectId, planPaths, planResponse, plansQuery, plansResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { getPlan, listPlans } from './list-plans.js';

const idParams = z.object({ id: objectId });

/** The shop's membership plans: public, the same for every caller, so no session is read. */
export const planRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    planPaths.plans,
    {
      config: { skipSession: true },
      schema: { querystring: plansQuery, response: { 200: plansResponse, 400: errorResponse } },
    },
    async (request) => ({ ok: true as const, plans: await listPlans(db, request.query.courseId) }),
  );
  app.get(
    planPaths.plan,
    {
      config: { skipSession: true },
      schema: { params: idParams, response: { 200: planResponse, 400: errorResponse, 404: errorResponse } },
    },
    async (request) => ({ ok: true as const, plan: await getPlan(db, request.params.id) }),
  );
};
