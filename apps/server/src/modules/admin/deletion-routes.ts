import { adminDeletionsResponse, adminPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { listDeletions } from './list-deletions.js';

/** The console's account deletions (privacy centre, decision 0019). Inside the admin scope. */
export const adminDeletionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(adminPaths.deletions, { schema: { response: { 200: adminDeletionsResponse } } }, async () => ({
    ok: true as const,
    deletions: await listDeletions(db),
  }));
};
