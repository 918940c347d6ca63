import {
  communityEditRequest,
  communityNewThreadRequest,
  communityNewThreadResponse,
  communityOkResponse,
  communityPaths,
  communityReplyRequest,
  communityReplyResponse,
  communityReportRequest,
  communitySpacesResponse,
  communityThreadResponse,
  communityThreadsQuery,
  communityThreadsResponse,
  errorResponse,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { deletePost, editPost } from './change-post.js';
import { startCommunityBus } from './event-bus.js';
import { listSpaces } from './list-spaces.js';
import { listThreads } from './list-threads.js';
import { markAnswer } from './mark-answer.js';
import { markHelpful } from './mark-helpful.js';
import { readThread } from './read-thread.js';
import { replyToThread } from './reply-to-thread.js';
import { reportPost } from './report-post.js';
import { openStreams, streamSpaceEvents } from './space-events.js';
import { startThread } from './start-thread.js';

const idParams = z.object({ id: objectId });
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const writeRefusals = { ...refusals, 409: errorResponse, 429: errorResponse };

/**
 * A member's community (issue 36): every route needs a signed-in caller (401) and checks the space's
 * membership on each call (403), so an access that ends closes the space on the next request.
 */
export const communityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const streams = openStreams();
  const bus = await startCommunityBus(deps, (error) => app.log.error({ err: error }, 'community bus'));
  app.addHook('onClose', async () => {
    streams.closeAll();
    await bus.close();
  });
  app.get(
    communityPaths.spaces,
    { schema: { response: { 200: communitySpacesResponse, 401: errorResponse } } },
    async (request) => ({ ok: true as const, spaces: await listSpaces(db, requireUser(request)) }),
  );
  app.get(
    communityPaths.spaceThreads,
    {
      schema: {
        params: idParams,
        querystring: communityThreadsQuery,
        response: { 200: communityThreadsResponse, ...refusals },
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await listThreads(db, requireUser(request), request.params.id, request.query)),
    }),
  );
  app.post(
    communityPaths.spaceThreads,
    {
      schema: {
        params: idParams,
        body: communityNewThreadRequest,
        response: { 201: communityNewThreadResponse, ...writeRefusals },
      },
    },
    async (request, reply) => {
      const thread = await startThread(db, bus, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ ok: true as const, thread });
    },
  );
  app.get(
    communityPaths.spaceEvents,
    { schema: { params: idParams, response: { 200: z.string(), ...refusals } } },
    async (request, reply) =>
      streamSpaceEvents(db, bus, streams, requireUser(request), request.params.id, request, reply),
  );
  app.get(
    communityPaths.thread,
    { schema: { params: idParams, response: { 200: communityThreadResponse, ...refusals } } },
    async (request) => ({ ok: true as const, thread: await readThread(db, requireUser(request), request.params.id) }),
  );
  app.post(
    communityPaths.threadReplies,
    {
      schema: {
        params: idParams,
        body: communityReplyRequest,
        response: { 201: communityReplyResponse, ...writeRefusals },
      },
    },
    async (request, reply) => {
      const created = await replyToThread(db, bus, requireUser(request), request.params.id, request.body.body);
      return reply.status(201).send({ ok: true as const, reply: created });
    },
  );
  app.post(
    communityPaths.replyAnswer,
    { schema: { params: idParams, response: { 200: communityOkResponse, ...writeRefusals } } },
    async (request) => {
      await markAnswer(db, requireUser(request), request.params.id, true);
      return { ok: true as const };
    },
  );
  app.delete(
    communityPaths.replyAnswer,
    { schema: { params: idParams, response: { 200: communityOkResponse, ...writeRefusals } } },
    async (request) => {
      await markAnswer(db, requireUser(request), request.params.id, false);
      return { ok: true as const };
    },
  );
  app.patch(
    communityPaths.post,
    {
      schema: {
        params: idParams,
        body: communityEditRequest,
        response: { 200: communityOkResponse, ...writeRefusals },
      },
    },
    async (request) => {
      await editPost(db, requireUser(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );
  app.delete(
    communityPaths.post,
    { schema: { params: idParams, response: { 200: communityOkResponse, ...writeRefusals } } },
    async (request) => {
      await deletePost(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
  for (const [method, helpful] of [
    ['POST', true],
    ['DELETE', false],
  ] as const)
    app.route({
      method,
      url: communityPaths.postHelpful,
      schema: { params: idParams, response: { 200: communityOkResponse, ...writeRefusals } },
      handler: async (request) => {
        await markHelpful(db, requireUser(request), request.params.id, helpful);
        return { ok: true as const };
      },
    });
  app.post(
    communityPaths.postReport,
    {
      schema: {
        params: idParams,
        body: communityReportRequest,
        response: { 201: communityOkResponse, ...writeRefusals },
      },
    },
    async (request, reply) => {
      await reportPost(db, requireUser(request), request.params.id, request.body.reason);
      return reply.status(201).send({ ok: true as const });
    },
  );
};
