import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { DEMO_CLIPS_JOB, makeDemoClips } from './make-demo-clips.js';
import { createVideoQueue, type VideoQueue } from './video-queue.js';

/**
 * The process's one transcode queue, built by `app.ts` into `AppDeps.videoQueue`. Built, it only
 * queues: `startVideoWork` runs it.
 */
export function createLessonVideoQueue(
  deps: Pick<AppDeps, 'db' | 'config' | 'videoStorage' | 'catalogCache'>,
  log: FastifyBaseLogger,
): VideoQueue {
  const { db, config, videoStorage, catalogCache } = deps;
  return createVideoQueue({
    db,
    storage: videoStorage,
    tools: { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath },
    concurrency: config.videoConcurrency,
    log,
    onPublished: () => catalogCache.invalidate(),
    // Scaled out, or a worker apart from the web processes: others run jobs from the same table.
    shared: config.scaleOut || config.role !== 'both',
    leaseMs: config.videoLeaseSeconds * 1000,
  });
}

/**
 * The video module's background work, for a process that runs transcodes (the shell's `runJobs`, for
 * SHOP_ROLE worker or both; a test that wants its uploads transcoded calls it too): the job the first
 * start's seed asks for (the demo lessons' clips), and the transcode queue itself. `app.ts`'s onClose
 * hook stops the queue, after the job engine.
 */
export async function startVideoWork(app: FastifyInstance): Promise<void> {
  const { db, config, jobs, videoQueue: queue, videoStorage: storage } = app.deps;
  await jobs.work(DEMO_CLIPS_JOB, async (data) => {
    const ids = (list: unknown) => (Array.isArray(list) ? list.filter((id) => typeof id === 'string') : []);
    await makeDemoClips(
      { db, queue, storage, ffmpegPath: config.ffmpegPath, dataDir: config.dataDir, log: app.log },
      ids(data.lessonIds),
      ids(data.recordingSessionIds),
    );
  });
  await queue.start();
}
