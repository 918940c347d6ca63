import {
  adminPlanInput,
  adminPlanPatch,
  adminPlanResponse,
  adminPlansResponse,
  objectId,
  planPaths,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { createPlan, listAdminPlans, updatePlanFields } from './save-plan.js';

const idParams = z.object({ id: objectId });

/** The console's plans; registered inside the admin scope, whose hook checks the role first. */
export const planAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(planPaths.adminPlans, { schema: { response: { 200: adminPlansResponse } } }, async () => ({
    ok: true as const,
    plans: await listAdminPlans(db),
  }));
  app.post(
    planPaths.adminPlans,
    { schema: { body: adminPlanInput, response: { 201: adminPlanResponse } } },
    async (request, reply) => {
      const saved = await createPlan(db, requireAdmin(request), request.body);
      return reply.code(201).send({ ok: true as const, ...saved });
    },
  );
  app.patch(
    planPaths.adminPlan,
    { schema: { params: idParams, body: adminPlanPatch, response: { 200: adminPlanResponse } } },
    async (request) => ({
      ok: true as const,
      ...(await updatePlanFields(db, requireAdmin(request), request.params.id, request.body)),
    }),
  );
};
