import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { listDeletions } from './list-deletions.js';

/** The console's account deletions (privacy centre, decision 0019). Inside the admin scope. */
export const adminDeletionRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  app.get('/api/admin/deletions', async () => ({ ok: true as const, deletions: await listDeletions(db) }));
};
