import { adminDoneResponse, lessonVideoResponse, messages, objectId, videoAdminPaths } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { acceptRawBody } from '../../plugins/raw-body.js';
import { acceptUpload } from './accept-upload.js';
import { deleteLessonVideo } from './delete-lesson-video.js';
import { DEMO_CLIPS_JOB, makeDemoClips } from './make-demo-clips.js';
import { readLessonVideo } from './read-lesson-video.js';
import { relayUpload } from './relay-upload.js';
import { registerVideoFileCleaner } from './remove-lesson-videos.js';
import { removeOrphanVideos } from './remove-orphan-videos.js';
import { retryVideoJob } from './retry-video-job.js';
import { CAPTIONS_MAX_BYTES, saveCaptions } from './save-captions.js';
import { createUploadServer } from './upload-server.js';
import { createVideoQueue } from './video-queue.js';

const SWEEP_EVERY_MS = 6 * 3600 * 1000;
const lessonParams = z.object({ lessonId: objectId });
const uploadParams = z.object({ lessonId: objectId, uploadId: z.string().max(64) });

/**
 * A lesson's own video, the operator's side (issue 15): registered inside the console's scope, which
 * checks the admin role first. The transcode queue starts with the app (unless SHOP_ROLE=web) and stops with it.
 */
export const videoAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, catalogCache, videoStorage: storage } = deps;
  const queue = createVideoQueue({
    db,
    storage,
    tools: { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath },
    concurrency: config.videoConcurrency,
    log: app.log,
    onPublished: () => catalogCache.invalidate(),
    // Scaled out, or a worker apart from the web processes: others run jobs from the same table.
    shared: config.scaleOut || config.role !== 'both',
    leaseMs: config.videoLeaseSeconds * 1000,
  });
  // The first start's seed asks for the demo lessons' clips; a process that runs the transcodes makes them.
  if (config.role !== 'web') {
    await deps.jobs.work(DEMO_CLIPS_JOB, async (data) => {
      const lessonIds = Array.isArray(data.lessonIds) ? data.lessonIds.filter((id) => typeof id === 'string') : [];
      await makeDemoClips(
        { db, queue, storage, ffmpegPath: config.ffmpegPath, dataDir: config.dataDir, log: app.log },
        lessonIds,
      );
    });
  }
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
    // SHOP_ROLE=web only queues transcodes: a worker (or a process that is both) runs them.
    if (config.role !== 'web') await queue.start();
    void sweep();
    sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    unregister();
    await queue.stop();
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
    const relay = async (
      request: FastifyRequest,
      reply: FastifyReply,
      params: { lessonId: string; uploadId?: string },
    ) => {
      const answer = await relayUpload(db, uploads, {
        method: request.method,
        url: request.url,
        headers: request.raw.headers,
        body: request.raw,
        operator: requireAdmin(request),
        ...params,
      });
      return reply
        .status(answer.status)
        .headers(answer.headers)
        .send(answer.body ?? undefined);
    };
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
