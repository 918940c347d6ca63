import { adminDoneResponse, lessonVideoResponse, messages, objectId, videoAdminPaths } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { acceptRawBody } from '../../plugins/raw-body.js';
import { acceptUpload } from './accept-upload.js';
import { deleteLessonVideo } from './delete-lesson-video.js';
import { readLessonVideo } from './read-lesson-video.js';
import { relayToTus } from './relay-upload.js';
import { registerVideoFileCleaner } from './remove-lesson-videos.js';
import { removeOrphanVideos } from './remove-orphan-videos.js';
import { retryVideoJob } from './retry-video-job.js';
import { CAPTIONS_MAX_BYTES, saveCaptions } from './save-captions.js';
import { createUploadServer } from './upload-server.js';

const SWEEP_EVERY_MS = 6 * 3600 * 1000;
const lessonParams = z.object({ lessonId: objectId });
const uploadParams = z.object({ lessonId: objectId, uploadId: z.string().max(64) });

/**
 * A lesson's own video, the operator's side (issue 15): registered inside the console's scope, which
 * checks the admin role first. An accepted upload, a retry or a deletion only queues or cancels on the
 * process's transcode queue (`deps.videoQueue`); the shell's job runner starts it where transcodes run
 * (SHOP_ROLE worker or both) and `app.ts` stops it.
 */
export const videoAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, catalogCache, videoStorage: storage, videoQueue: queue } = deps;
  const uploads = createUploadServer(config.dataDir, (upload) =>
    acceptUpload(db, queue, storage, { ffprobePath: config.ffprobePath, maxHours: config.videoMaxHours }, upload),
  );
  const unregister = registerVideoFileCleaner({
    removeOrphans: (videos) => removeOrphanVideos(db, queue, storage, videos),
  });
  const sweep = () =>
    uploads.removeAbandoned().catch((error) => app.log.warn({ err: error }, 'video uploads: sweep failed'));
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    unregister();
  });

  app.get(
    videoAdminPaths.video,
    { schema: { params: lessonParams, response: { 200: lessonVideoResponse } } },
    async (request) => ({
      ok: true as const,
      ...(await readLessonVideo(db, request.params.lessonId)),
    }),
  );
  app.delete(
    videoAdminPaths.video,
    { schema: { params: lessonParams, response: { 200: adminDoneResponse } } },
    async (request) => {
      await deleteLessonVideo(db, queue, storage, requireAdmin(request), request.params.lessonId);
      catalogCache.invalidate();
      return { ok: true as const };
    },
  );
  app.post(
    videoAdminPaths.retry,
    { schema: { params: lessonParams, response: { 200: lessonVideoResponse } } },
    async (request) => {
      await retryVideoJob(db, queue, requireAdmin(request), request.params.lessonId);
      return { ok: true as const, ...(await readLessonVideo(db, request.params.lessonId)) };
    },
  );

  // tus: the body is a raw stream for the upload server; no parser may read it.
  await app.register(async (parent) => {
    const scope = parent.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const relay = (request: FastifyRequest, reply: FastifyReply, params: { lessonId: string; uploadId?: string }) =>
      relayToTus(db, uploads, request, reply, { lessonId: params.lessonId }, params.uploadId);
    scope.post(videoAdminPaths.uploads, { schema: { params: lessonParams } }, (request, reply) =>
      relay(request, reply, request.params),
    );
    // OPTIONS: the protocol's discovery (Tus-Version, Tus-Max-Size, Tus-Extension), answered by tus itself.
    scope.options(videoAdminPaths.uploads, { schema: { params: lessonParams } }, (request, reply) =>
      relay(request, reply, request.params),
    );
    scope.route({
      method: ['OPTIONS', 'HEAD', 'PATCH', 'DELETE'],
      url: videoAdminPaths.upload,
      schema: { params: uploadParams },
      handler: (request, reply) => relay(request, reply, request.params),
    });
  });

  // Captions: a small WebVTT text file as the body.
  await app.register(async (parent) => {
    acceptRawBody(parent, 'string', CAPTIONS_MAX_BYTES, messages.videoCaptionsTooLarge);
    const scope = parent.withTypeProvider<ZodTypeProvider>();
    scope.post(
      videoAdminPaths.captions,
      { schema: { params: lessonParams, response: { 200: lessonVideoResponse } } },
      async (request) => {
        const text = typeof request.body === 'string' ? request.body : '';
        await saveCaptions(db, storage, requireAdmin(request), request.params.lessonId, text);
        return { ok: true as const, ...(await readLessonVideo(db, request.params.lessonId)) };
      },
    );
  });
};
