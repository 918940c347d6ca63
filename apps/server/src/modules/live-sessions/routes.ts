import {
  errorResponse,
  liveJoinRefusal,
  liveJoinResponse,
  liveRecordingsQuery,
  liveRecordingsResponse,
  liveSessionPaths,
  liveSessionsResponse,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { joinSession, listMySessions } from './join-session.js';
import { listMyRecordings } from './recordings.js';
import { sessionCalendar } from './session-calendar.js';

const idParams = z.object({ id: objectId });

/** The learner's live sessions: signed in; the join is a POST (origin-checked) that records attendance. */
export const liveSessionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    liveSessionPaths.mine,
    { schema: { response: { 200: liveSessionsResponse, 401: errorResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ok: true as const, sessions: await listMySessions(deps, requireUser(request)) };
    },
  );
  app.get(
    liveSessionPaths.recordings,
    {
      schema: {
        querystring: liveRecordingsQuery,
        response: { 200: liveRecordingsResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        ok: true as const,
        recordings: await listMyRecordings(deps, requireUser(request), request.query),
      };
    },
  );
  app.post(
    liveSessionPaths.join,
    {
      schema: {
        params: idParams,
        response: {
          200: liveJoinResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: liveJoinRefusal,
        },
      },
    },
    async (request, reply) => {
      const outcome = await joinSession(deps, requireUser(request), request.params.id);
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome : reply.status(409).send(outcome);
    },
  );
  app.get(
    liveSessionPaths.calendar,
    {
      schema: {
        params: idParams,
        response: { 200: z.string(), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { fileName, text } = await sessionCalendar(deps, requireUser(request), request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  );
};
