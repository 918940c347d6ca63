import { Readable } from 'node:stream';
import {
  errorResponse,
  lessonLockedResponse,
  lessonProgressParams,
  objectId,
  playbackPaths,
  playbackResponse,
  stopOtherDevicesResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretFor } from '../../auth/secrets.js';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { takeOverStreams } from './device-limit.js';
import { getPlayback } from './get-playback.js';
import { getRecordingPlayback } from './get-recording-playback.js';
import { openVideoObject, readCaptions, readSignedPlaylist, readVideoKey } from './serve-video-files.js';
import { VIDEO_LINK_SECRET_NAME } from './video-links.js';

const videoParams = z.object({ videoId: z.string().min(1).max(64) });
const rungParams = videoParams.extend({ rung: z.string().min(1).max(32) });
const segmentParams = rungParams.extend({ segment: z.string().min(1).max(64) });
const keyParams = videoParams.extend({ keyIndex: z.coerce.number().int().min(0).max(10_000) });
// Lenient on purpose: a damaged link is a refused link (403), not a form error.
const signedQuery = z.object({
  c: z.string().max(64).default(''),
  l: z.string().max(64).default(''),
  u: z.string().max(64).default(''),
  e: z.string().max(20).default(''),
  s: z.string().max(128).default(''),
});
// A 403 may be a lesson not open yet: it says when (issue 35).
const refusals = { 401: errorResponse, 403: lessonLockedResponse, 404: errorResponse };
const PRIVATE = 'private, no-store';

/**
 * A lesson's own video for learners (decision 0028): the grant, and the signed playlists, keys, segments and
 * poster; a live session's recording has its own grant and the same signed files.
 */
export const playbackRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, videoStorage: storage }) => {
  const linkSecret = secretFor(config, VIDEO_LINK_SECRET_NAME);
  const files = { db, linkSecret, storage };

  app.get(
    playbackPaths.playback,
    {
      schema: {
        params: lessonProgressParams,
        response: { 200: playbackResponse, 400: errorResponse, 409: errorResponse, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      const { courseId, lessonId } = request.params;
      return getPlayback({ db, linkSecret, linkSeconds: config.videoLinkSeconds }, request.user, courseId, lessonId);
    },
  );

  app.get(
    playbackPaths.recording,
    {
      schema: {
        params: z.object({ id: objectId }),
        response: { 200: playbackResponse, 400: errorResponse, 409: errorResponse, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      const ctx = { db, linkSecret, linkSeconds: config.videoLinkSeconds };
      return getRecordingPlayback(ctx, request.user, request.params.id);
    },
  );

  app.post(
    playbackPaths.stopOtherDevices,
    { schema: { response: { 200: stopOtherDevicesResponse, 401: errorResponse } } },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { ok: true as const, stopped: await takeOverStreams(db, requireUser(request)) };
    },
  );

  app.get(
    playbackPaths.master,
    { schema: { params: videoParams, querystring: signedQuery, response: { 200: z.string(), ...refusals } } },
    async (request, reply) => {
      const text = await readSignedPlaylist(files, request.user, request.params.videoId, null, request.query);
      return reply.header('cache-control', PRIVATE).type('application/vnd.apple.mpegurl').send(text);
    },
  );

  app.get(
    playbackPaths.mediaPlaylist,
    { schema: { params: rungParams, querystring: signedQuery, response: { 200: z.string(), ...refusals } } },
    async (request, reply) => {
      const { videoId, rung } = request.params;
      const text = await readSignedPlaylist(files, request.user, videoId, rung, request.query);
      return reply.header('cache-control', PRIVATE).type('application/vnd.apple.mpegurl').send(text);
    },
  );

  const keyResponses = { 200: z.instanceof(Buffer), 429: errorResponse, ...refusals };
  const sendKey = (reply: import('fastify').FastifyReply, key: Buffer) =>
    reply.header('cache-control', PRIVATE).type('application/octet-stream').send(key);
  // A video transcoded before keys rotated has one key, at this URI: it is key 0.
  app.get(
    playbackPaths.key,
    { schema: { params: videoParams, querystring: signedQuery, response: keyResponses } },
    async (request, reply) =>
      sendKey(reply, await readVideoKey(files, request.user, request.params.videoId, 0, request.query)),
  );
  app.get(
    playbackPaths.rotatedKey,
    { schema: { params: keyParams, querystring: signedQuery, response: keyResponses } },
    async (request, reply) => {
      const { videoId, keyIndex } = request.params;
      return sendKey(reply, await readVideoKey(files, request.user, videoId, keyIndex, request.query));
    },
  );

  app.get(
    playbackPaths.captions,
    { schema: { params: videoParams, querystring: signedQuery, response: { 200: z.string(), ...refusals } } },
    async (request, reply) => {
      const text = await readCaptions(files, request.user, request.params.videoId, request.query);
      return reply.header('cache-control', PRIVATE).type('text/vtt; charset=utf-8').send(text);
    },
  );

  // Segments and the poster are signed like the playlists (decision 0028): no public or shared cache
  // keeps them, and after a refund, a sign-out or a device taken over none of them answers.
  const sendObject = async (
    request: { user: import('../../auth/session.js').SessionUser | null; query: z.infer<typeof signedQuery> },
    videoId: string,
    name: string,
    contentType: string,
    reply: import('fastify').FastifyReply,
  ) => {
    const presigned = config.downloads === 'presigned';
    const object = await openVideoObject(files, request.user, videoId, name, request.query, {
      presigned,
      contentType,
    });
    // A presigned URL expires: the redirect to it is not to be kept.
    if ('url' in object) return reply.header('cache-control', PRIVATE).redirect(object.url, 302);
    return reply
      .header('cache-control', PRIVATE)
      .header('content-type', contentType)
      .header('content-length', object.size)
      .send(object.body);
  };
  const objectResponses = { 200: z.instanceof(Readable), ...refusals };

  app.get(
    playbackPaths.poster,
    { schema: { params: videoParams, querystring: signedQuery, response: objectResponses } },
    (request, reply) => sendObject(request, request.params.videoId, 'poster.jpg', 'image/jpeg', reply),
  );

  app.get(
    playbackPaths.segment,
    { schema: { params: segmentParams, querystring: signedQuery, response: objectResponses } },
    (request, reply) => {
      const { videoId, rung, segment } = request.params;
      return sendObject(request, videoId, `${rung}/${segment}`, 'video/mp2t', reply);
    },
  );
};
