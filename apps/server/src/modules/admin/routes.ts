import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { taxSettingsRoutes } from '../billing/tax-settings-routes.js';
import { newsletterAdminRoutes } from '../newsletter/admin-routes.js';
import { reviewAdminRoutes } from '../reviews/admin-routes.js';
import { adminCommerceRoutes } from './commerce-routes.js';
import { adminCourseRoutes } from './course-routes.js';
import { adminDeletionRoutes } from './deletion-routes.js';
import { adminFileRoutes } from './file-routes.js';
import { adminPeopleRoutes } from './people-routes.js';
import { uploadsDir } from './store-thumbnail.js';

/**
 * The operator's console API. Every route in this scope checks the admin role before its handler runs
 * (401 for visitors, 403 for learners), so no route can forget it.
 */
export const adminRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      requireAdmin(request);
    });
    await scope.register(adminCourseRoutes, deps);
    await scope.register(adminFileRoutes, deps);
    await scope.register(adminCommerceRoutes, deps);
    await scope.register(adminPeopleRoutes, deps);
    await scope.register(taxSettingsRoutes, deps);
    await scope.register(newsletterAdminRoutes, deps);
    await scope.register(adminDeletionRoutes, deps);
    await scope.register(reviewAdminRoutes, deps);
  });

  // Uploaded thumbnails are public and named by content hash, so they may be cached for a year.
  const root = uploadsDir(deps.config.dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
};
