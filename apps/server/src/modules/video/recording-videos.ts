import { type LessonVideoResponse, liveSessionPaths } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/write-audit.js';
import { requireAdmin, type SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import type { VideoStorage } from '../../storage/video-storage.js';
import { acceptUpload } from './accept-upload.js';
import { stateOf } from './read-lesson-video.js';
import { relayToTus } from './relay-upload.js';
import * as repo from './repo.js';
import { createUploadServer } from './upload-server.js';
import type { VideoQueue } from './video-queue.js';

/**
 * A past live session's recording is a video like a lesson's (issue 35): the same tus upload, probe,
 * queue, ladder and keys; its rows are `lesson_videos` rows whose owner is the session. The live-sessions
 * module decides which sessions may have one (started, not cancelled) and who may watch it; these are
 * the video module's side, reached through its face.
 */

const params = z.object({ id: z.string().min(1).max(64) });
const uploadParams = params.extend({ uploadId: z.string().max(64) });

/**
 * The tus routes of a session's recording, for the console's scope (admin checked first): `allowed` is
 * asked on every request before tus sees it (a session not started or cancelled is refused there).
 */
export function recordingUploadRoutes(
  allowed: (liveSessionId: string) => Promise<void>,
): FastifyPluginAsyncZod<AppDeps> {
  return async (parent, deps) => {
    const { db, config, videoStorage: storage, videoQueue: queue } = deps;
    const uploads = createUploadServer(
      config.dataDir,
      (upload) =>
        acceptUpload(db, queue, storage, { ffprobePath: config.ffprobePath, maxHours: config.videoMaxHours }, upload),
      'recording',
    );
    // tus: the body is a raw stream for the upload server; no parser may read it.
    const scope = parent.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const relay = async (request: FastifyRequest, reply: FastifyReply, id: string, uploadId?: string) => {
      requireAdmin(request);
      await allowed(id);
      return relayToTus(db, uploads, request, reply, { liveSessionId: id }, uploadId);
    };
    scope.route({
      method: ['POST', 'OPTIONS'],
      url: liveSessionPaths.adminRecordingUploads,
      schema: { params },
      handler: (request, reply) => relay(request, reply, request.params.id),
    });
    scope.route({
      method: ['OPTIONS', 'HEAD', 'PATCH', 'DELETE'],
      url: liveSessionPaths.adminRecordingUpload,
      schema: { params: uploadParams },
      handler: (request, reply) => relay(request, reply, request.params.id, request.params.uploadId),
    });
  };
}

/** What the console shows of a session's recording: the ready video, and a newer upload's job if there is one. */
export async function readRecordingVideo(db: Db, liveSessionId: string): Promise<Omit<LessonVideoResponse, 'ok'>> {
  const videos = await repo.findRecordingVideos(db, liveSessionId);
  const current = videos.find((video) => video.status === 'ready');
  const job = videos.find((video) => video.status !== 'ready');
  return { current: current ? stateOf(current) : null, job: job ? stateOf(job) : null };
}

export interface ReadyRecording {
  videoId: string;
  liveSessionId: string;
  durationSeconds: number | null;
  hasCaptions: boolean;
  /** When its transcode finished. */
  readyAt: string;
}

/** The ready recordings of these live sessions (of every session when none are named). */
export async function readyRecordings(db: Db, liveSessionIds?: readonly string[]): Promise<ReadyRecording[]> {
  return (await repo.findReadyRecordings(db, liveSessionIds)).map((row) => ({
    videoId: row.id,
    liveSessionId: row.live_session_id ?? '',
    durationSeconds: row.duration_seconds,
    hasCaptions: row.has_captions === 1,
    readyAt: row.finished_at ?? '',
  }));
}

/** The session has no recording any more: every upload of it is stopped, forgotten (audited) and its files removed. */
export async function deleteRecordingVideos(
  deps: { db: Db; videoQueue: VideoQueue; videoStorage: VideoStorage },
  operator: SessionUser,
  liveSessionId: string,
  now = new Date(),
): Promise<number> {
  const { db, videoQueue: queue, videoStorage: storage } = deps;
  const videos = await repo.findRecordingVideos(db, liveSessionId);
  for (const video of videos) await queue.cancel(video.id);
  await db.transaction().execute(async (trx) => {
    await repo.clearRecordingVideos(trx, liveSessionId);
    const before = videos.map((video) => ({ videoId: video.id, status: video.status, sourceName: video.source_name }));
    await writeAudit(
      trx,
      operator,
      { action: 'video.deleted', entity: 'live_session', entityId: liveSessionId, before, after: null },
      now,
    );
  });
  for (const video of videos) {
    await storage.removeVideo(video.id);
    await storage.removeSource(video.source_path);
  }
  return videos.length;
}
