import { playbackPaths, videoSettingsInput, videoSettingsResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { readVideoSettings, updateVideoSettings } from './video-settings.js';

/**
 * The console's Video settings (the device limit), inside the admin scope (admin/routes.ts), which
 * checks the admin role before any schema runs: a visitor or a learner learns no field rules.
 */
export const videoSettingsAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(playbackPaths.adminSettings, { schema: { response: { 200: videoSettingsResponse } } }, async () => ({
    ok: true as const,
    settings: await readVideoSettings(db),
  }));

  app.put(
    playbackPaths.adminSettings,
    { schema: { body: videoSettingsInput, response: { 200: videoSettingsResponse } } },
    async (request) => ({
      ok: true as const,
      settings: await updateVideoSettings(db, requireAdmin(request), request.body),
    }),
  );
};
