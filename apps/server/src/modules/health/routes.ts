import { healthPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReachable } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { checkReadiness } from './check-readiness.js';

const healthResponse = z.object({ ok: z.boolean(), database: z.enum(['up', 'down']) });
const readyResponse = z.object({
  ok: z.boolean(),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  storage: z.enum(['up', 'down']),
});

/**
 * `/api/health`: the process answers (liveness; its answer has always named the database too).
 * `/api/ready`: this process may be sent traffic (the load balancer's check): the database answers,
 * every migration has run and the file store answers; 503 names the part that is down.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    healthPaths.health,
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const up = await isReachable(deps.db);
      return reply.status(up ? 200 : 503).send({ ok: up, database: up ? 'up' : 'down' });
    },
  );
  const readiness = checkReadiness(deps);
  app.get(
    healthPaths.ready,
    { schema: { response: { 200: readyResponse, 503: readyResponse } } },
    async (_request, reply) => {
      const answer = await readiness();
      reply.header('cache-control', 'no-store');
      return reply.status(answer.ok ? 200 : 503).send(answer);
    },
  );
};
