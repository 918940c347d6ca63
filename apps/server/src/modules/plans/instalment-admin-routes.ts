import { adminInstalmentsInput, adminInstalmentsResponse, objectId, planPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { findInstalmentOffer, removeInstalments, saveInstalments } from './save-instalments.js';

const idParams = z.object({ id: objectId });

/**
 * The console's instalment offer of a course (decision 0038); registered inside the admin scope, whose
 * hooks check the role and the origin first. The course page's answer carries the offer, so each change
 * renews the catalogue's cached answers.
 */
export const instalmentAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogCache }) => {
  app.get(
    planPaths.adminCourseInstalments,
    { schema: { params: idParams, response: { 200: adminInstalmentsResponse } } },
    async (request) => ({
      ok: true as const,
      instalments: await findInstalmentOffer(db, request.params.id),
      warnings: [],
    }),
  );
  app.post(
    planPaths.adminCourseInstalments,
    {
      schema: {
        params: idParams,
        body: adminInstalmentsInput,
        response: { 200: adminInstalmentsResponse, 201: adminInstalmentsResponse },
      },
    },
    async (request, reply) => {
      const saved = await saveInstalments(db, requireAdmin(request), request.params.id, request.body);
      catalogCache.invalidate();
      return reply.code(saved.instalments ? 201 : 200).send({ ok: true as const, ...saved });
    },
  );
  app.delete(
    planPaths.adminCourseInstalments,
    { schema: { params: idParams, response: { 200: adminInstalmentsResponse } } },
    async (request) => {
      const saved = await removeInstalments(db, requireAdmin(request), request.params.id);
      catalogCache.invalidate();
      return { ok: true as const, ...saved };
    },
  );
};
