import { adminPaths, errorResponse, homeFiguresSetting, homeFiguresSettingResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { liveFiguresOn } from '../catalog/home-figures.js';
import { saveHomeFigures } from './save-home-figures.js';

/** The console's switch for the home page's statistics strip: the specification's figures or live ones (issue 32). */
export const adminHomeFiguresRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogCache }) => {
  app.get(adminPaths.homeFigures, { schema: { response: { 200: homeFiguresSettingResponse } } }, async () => ({
    ok: true as const,
    live: await liveFiguresOn(db),
  }));
  app.put(
    adminPaths.homeFigures,
    { schema: { body: homeFiguresSetting, response: { 200: homeFiguresSettingResponse, 400: errorResponse } } },
    async (request) => {
      await saveHomeFigures(db, requireAdmin(request), request.body.live);
      catalogCache.invalidate();
      return { ok: true as const, live: await liveFiguresOn(db) };
    },
  );
};
