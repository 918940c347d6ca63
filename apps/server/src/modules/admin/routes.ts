import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import { planPaths } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { fieldMessages } from '../../plugins/error-handler.js';
import { registerRoutes } from '../billing/register-routes.js';
import { taxSettingsRoutes } from '../billing/tax-settings-routes.js';
import { bundleAdminRoutes } from '../bundles/admin-routes.js';
import { bundleOffered } from '../bundles/index.js';
import { cohortAdminRoutes } from '../cohorts/admin-routes.js';
import { communityAdminRoutes } from '../community/admin-routes.js';
import { liveSessionAdminRoutes } from '../live-sessions/admin-routes.js';
import { newsletterAdminRoutes } from '../newsletter/admin-routes.js';
import { planAdminRoutes } from '../plans/admin-routes.js';
import { instalmentAdminRoutes, instalmentOfferRoutes } from '../plans/instalment-admin-routes.js';
import { videoSettingsAdminRoutes } from '../playback/admin-routes.js';
import { reviewAdminRoutes } from '../reviews/admin-routes.js';
import { adminMemberRoutes } from '../subscriptions/admin-member-routes.js';
import { chargeRefundRoutes } from '../subscriptions/charge-refund-routes.js';
import { videoAdminRoutes } from '../video/routes.js';
import { adminCommerceRoutes } from './commerce-routes.js';
import { adminCourseRoutes } from './course-routes.js';
import { adminDeletionRoutes } from './deletion-routes.js';
import { adminFileRoutes } from './file-routes.js';
import { adminHomeFiguresRoutes } from './home-figures-routes.js';
import { adminPeopleRoutes } from './people-routes.js';
import { serveUploadsFromStorage } from './serve-uploads.js';
import { uploadsDir } from './store-thumbnail.js';

/**
 * The operator's console API. Every route in this scope checks the admin role before its schemas
 * validate anything (401 for visitors, 403 for learners), so no route can forget it and a visitor
 * learns nothing about fields.
 */
export const adminRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      requireAdmin(request);
    });
    // The console shows a refusal beside its field: the message starts with the field's name.
    scope.setErrorHandler((error) => {
      if (!hasZodFastifySchemaValidationErrors(error)) throw error;
      const fields = fieldMessages(error.validation);
      const [name, message] = Object.entries(fields)[0] ?? ['body', 'is not valid'];
      throw new AppError('bad_request', `${name} ${message}`, fields);
    });
    await scope.register(adminCourseRoutes, deps);
    await scope.register(adminFileRoutes, deps);
    await scope.register(adminCommerceRoutes, deps);
    await scope.register(adminPeopleRoutes, deps);
    await scope.register(taxSettingsRoutes, deps);
    await scope.register(registerRoutes, deps);
    await scope.register(newsletterAdminRoutes, deps);
    await scope.register(adminDeletionRoutes, deps);
    await scope.register(reviewAdminRoutes, deps);
    await scope.register(videoAdminRoutes, deps);
    await scope.register(videoSettingsAdminRoutes, deps);
    await scope.register(adminHomeFiguresRoutes, deps);
    await scope.register(bundleAdminRoutes, deps);
    await scope.register(planAdminRoutes, deps);
    await scope.register(instalmentAdminRoutes, deps);
    // A bundle's instalment offer, as a course's: the bundles module names what it sells.
    await scope.register(instalmentOfferRoutes(planPaths.adminBundleInstalments, bundleOffered), deps);
    await scope.register(chargeRefundRoutes, deps);
    await scope.register(adminMemberRoutes, deps);
    await scope.register(liveSessionAdminRoutes, deps);
    await scope.register(cohortAdminRoutes, deps);
    await scope.register(communityAdminRoutes, deps);
  });

  // Uploaded thumbnails are public and named by content hash, so they may be cached for a year.
  if (deps.storage.kind !== 'local') {
    await app.register(serveUploadsFromStorage, deps);
    return;
  }
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
