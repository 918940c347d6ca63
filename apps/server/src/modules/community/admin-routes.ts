import {
  communityBanRequest,
  communityBanResponse,
  communityModerationRequest,
  communityOkResponse,
  communityPaths,
  communityPinRequest,
  communityQueueResponse,
  communitySpaceRequest,
  communitySpaceResponse,
  errorResponse,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { communityBusOf } from './event-bus.js';
import { addSpace, banMember, listModerationQueue, setPostShown, setThreadPinned } from './moderate-posts.js';

const idParams = z.object({ id: objectId });
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The console's moderation of the community (registered in the admin scope, which checks the role first). */
export const communityAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.get(
    communityPaths.adminReports,
    { schema: { response: { 200: communityQueueResponse, 401: errorResponse, 403: errorResponse } } },
    async () => ({ ok: true as const, items: await listModerationQueue(db) }),
  );
  for (const [url, shown] of [
    [communityPaths.adminHide, false],
    [communityPaths.adminRestore, true],
  ] as const)
    app.post(
      url,
      {
        schema: {
          params: idParams,
          body: communityModerationRequest,
          response: { 200: communityOkResponse, ...refusals },
        },
      },
      async (request) => {
        await setPostShown(
          db,
          communityBusOf(deps),
          requireAdmin(request),
          request.params.id,
          shown,
          request.body.reason,
        );
        return { ok: true as const };
      },
    );
  app.post(
    communityPaths.adminPin,
    { schema: { params: idParams, body: communityPinRequest, response: { 200: communityOkResponse, ...refusals } } },
    async (request) => {
      await setThreadPinned(db, requireAdmin(request), request.params.id, request.body.pinned);
      return { ok: true as const };
    },
  );
  app.post(
    communityPaths.adminBans,
    { schema: { params: idParams, body: communityBanRequest, response: { 201: communityBanResponse, ...refusals } } },
    async (request, reply) => {
      const ban = await banMember(db, requireAdmin(request), request.params.id, request.body);
      return reply.status(201).send({ ok: true as const, ban });
    },
  );
  app.post(
    communityPaths.adminSpaces,
    { schema: { body: communitySpaceRequest, response: { 201: communitySpaceResponse, ...refusals } } },
    async (request, reply) => {
      const space = await addSpace(db, requireAdmin(request), request.body.title);
      return reply.status(201).send({ ok: true as const, space });
    },
  );
};
