import {
  adminBundleInput,
  adminBundlePatch,
  adminBundleResponse,
  adminBundlesResponse,
  bundlePaths,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { createBundle, listAdminBundles, updateBundleFields } from './save-bundle.js';

const idParams = z.object({ id: objectId });

/** The console's bundles; registered inside the admin scope, whose hook checks the role first. */
export const bundleAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(bundlePaths.adminBundles, { schema: { response: { 200: adminBundlesResponse } } }, async () => ({
    ok: true as const,
    bundles: await listAdminBundles(db),
  }));
  app.post(
    bundlePaths.adminBundles,
    { schema: { body: adminBundleInput, response: { 201: adminBundleResponse } } },
    async (request, reply) => {
      const bundle = await createBundle(db, requireAdmin(request), request.body);
      return reply.code(201).send({ ok: true as const, bundle });
    },
  );
  app.patch(
    bundlePaths.adminBundle,
    { schema: { params: idParams, body: adminBundlePatch, response: { 200: adminBundleResponse } } },
    async (request) => ({
      ok: true as const,
      bundle: await updateBundleFields(db, requireAdmin(request), request.params.id, request.body),
    }),
  );
};
