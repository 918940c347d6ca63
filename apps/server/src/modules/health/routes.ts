import { healthPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReachable } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';

const healthResponse = z.object({ ok: z.boolean(), database: z.enum(['up', 'down']) });

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    healthPaths.health,
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const up = await isReachable(db);
      return reply.status(up ? 200 : 503).send({ ok: up, database: up ? 'up' : 'down' });
    },
  );
};
