import { adminInstalmentsInput, adminInstalmentsResponse, objectId, planPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { findInstalmentOffer, type OfferedItem, removeInstalments, saveInstalments } from './save-instalments.js';

const idParams = z.object({ id: objectId });

/**
 * The console's instalment offer of a course or a bundle at `path` (decision 0038): GET reads it, POST sets
 * it (`{ count: 0 }` removes it), DELETE removes it. `itemAt` names what the id sells (it answers not found
 * for an unknown one). Registered inside the admin scope, whose hooks check the role and the origin first.
 * The course page's answer carries the offer, so each change renews the catalogue's cached answers.
 */
export function instalmentOfferRoutes(
  path: string,
  itemAt: (db: Db, id: string) => Promise<OfferedItem>,
): FastifyPluginAsyncZod<AppDeps> {
  return async (app, { db, catalogCache }) => {
    app.get(path, { schema: { params: idParams, response: { 200: adminInstalmentsResponse } } }, async (request) => ({
      ok: true as const,
      instalments: await findInstalmentOffer(db, await itemAt(db, request.params.id)),
      warnings: [],
    }));
    app.post(
      path,
      {
        schema: {
          params: idParams,
          body: adminInstalmentsInput,
          response: { 200: adminInstalmentsResponse, 201: adminInstalmentsResponse },
        },
      },
      async (request, reply) => {
        const item = await itemAt(db, request.params.id);
        const saved = await saveInstalments(db, requireAdmin(request), item, request.body);
        catalogCache.invalidate();
        return reply.code(saved.instalments ? 201 : 200).send({ ok: true as const, ...saved });
      },
    );
    app.delete(path, { schema: { params: idParams, response: { 200: adminInstalmentsResponse } } }, async (request) => {
      const item = await itemAt(db, request.params.id);
      const saved = await removeInstalments(db, requireAdmin(request), item);
      catalogCache.invalidate();
      return { ok: true as const, ...saved };
    });
  };
}

/** A course's offer: `/api/admin/courses/:id/instalments` (the course is read when saving). */
export const instalmentAdminRoutes = instalmentOfferRoutes(planPaths.adminCourseInstalments, async (_db, id) => ({
  courseId: id,
}));
