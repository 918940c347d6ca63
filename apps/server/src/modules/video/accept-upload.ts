import { messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { removeUploadedFile, type VideoStorage } from '../../storage/video-storage.js';
import { type ProbeLimits, probeVideo } from './probe-video.js';
import * as repo from './repo.js';
import type { FinishedUpload } from './upload-server.js';
import type { VideoQueue } from './video-queue.js';

/**
 * An upload has fully arrived: it must be a video by its content (ffprobe), else it is deleted and the
 * operator told. A video becomes a queued job for its lesson, or for its live session's recording (the
 * same job, ladder and keys: issue 35). Older uploads of the same owner that are
 * not ready yet are superseded (stopped, deleted): the newest upload is the one the operator wants; the
 * ready video keeps playing until the new one is ready. The source is kept by the video storage (moved into
 * the bucket when there is one) first, so that any process's worker can transcode it and a storage that
 * fails leaves the earlier upload waiting instead of losing both.
 */
export async function acceptUpload(
  db: Db,
  queue: VideoQueue,
  storage: VideoStorage,
  probe: { ffprobePath: string } & ProbeLimits,
  upload: FinishedUpload,
  now = new Date(),
): Promise<void> {
  try {
    await probeVideo(probe.ffprobePath, upload.file, probe);
    if ('lessonId' in upload.owner && !(await repo.findLesson(db, upload.owner.lessonId)))
      throw new AppError('not_found', messages.videoLessonNotFound);
  } catch (error) {
    await removeUploadedFile(upload.file);
    throw error;
  }
  const id = newId();
  const source = await storage.keepSource(id, upload.file).catch(async (error) => {
    await removeUploadedFile(upload.file);
    throw error;
  });
  const { owner } = upload;
  const owned =
    'lessonId' in owner
      ? await repo.findLessonVideos(db, [owner.lessonId])
      : await repo.findRecordingVideos(db, owner.liveSessionId);
  const superseded = owned.filter((video) => video.status !== 'ready');
  for (const video of superseded) await queue.cancel(video.id);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.deleteVideos(
      trx,
      superseded.map((video) => video.id),
    );
    await repo.insertVideo(trx, {
      id,
      ...('lessonId' in owner ? { lesson_id: owner.lessonId } : { live_session_id: owner.liveSessionId }),
      status: 'queued',
      source_name: upload.sourceName,
      source_path: source,
      created_at: at,
      updated_at: at,
    });
    // An upload reaches tus only through the console's routes, so an operator is always known there.
    if (upload.operator) {
      await writeAudit(
        trx,
        upload.operator,
        {
          action: 'video.upload_accepted',
          ...('lessonId' in owner
            ? { entity: 'lesson_video', entityId: owner.lessonId }
            : { entity: 'live_session', entityId: owner.liveSessionId }),
          before: superseded.length > 0 ? { supersededVideoIds: superseded.map((video) => video.id) } : null,
          after: { videoId: id, sourceName: upload.sourceName },
        },
        now,
      );
    }
  });
  for (const video of superseded) await storage.removeSource(video.source_path);
  queue.enqueue();
}
