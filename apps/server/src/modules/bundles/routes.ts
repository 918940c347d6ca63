import { bundlePaths, bundleResponse, bundlesQuery, bundlesResponse, errorResponse, objectId } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { getBundle, listBundles } from './list-bundles.js';

const idParams = z.object({ id: objectId });

/** The shop's bundles: public, the same for every caller, so no session is read. */
export const bundleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    bundlePaths.bundles,
    {
      config: { skipSession: true },
      schema: { querystring: bundlesQuery, response: { 200: bundlesResponse, 400: errorResponse } },
    },
    async (request) => ({ ok: true as const, bundles: await listBundles(db, request.query.courseId) }),
  );
  app.get(
    bundlePaths.bundle,
    {
      config: { skipSession: true },
      schema: { params: idParams, response: { 200: bundleResponse, 400: errorResponse, 404: errorResponse } },
    },
    async (request) => ({ ok: true as const, bundle: await getBundle(db, request.params.id) }),
  );
};
