import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { VideoQueue } from '../../jobs/video-queue.js';
import type { VideoStorage } from '../../storage/video-storage.js';
import { carryCaptions } from './carry-captions.js';
import * as repo from './repo.js';
import { VideoToolError } from './run-tool.js';
import { transcodeToHls } from './transcode-to-hls.js';

/**
 * The transcode queue. The queue itself is the `lesson_videos` table (queued rows, oldest first), so it
 * survives a restart: `start` puts back the jobs a crash left running and runs what is queued. The app
 * sees only the small `VideoQueue` port (`jobs/video-queue.ts`): one queue per process, built by
 * `createLessonVideoQueue` (`video-work.ts`) into `AppDeps.videoQueue`, started by the shell's job
 * runner (`run-jobs.ts`, SHOP_ROLE worker or both; a web process only queues) and stopped by `app.ts`'s
 * onClose hook after the job engine. Decision 0030 keeps this table queue beside the job engine (a
 * transcode outlasts pg-boss's lease) but under the same runner.
 */
export type { VideoQueue };

export interface VideoQueueOptions {
  db: Db;
  storage: VideoStorage;
  tools: { ffmpegPath: string; ffprobePath: string };
  /** Jobs run at the same time (VIDEO_CONCURRENCY, 1 by default: ffmpeg already uses every core). */
  concurrency: number;
  log: FastifyBaseLogger;
  /** A lesson's video changed (the catalogue's cached answers show lessons). */
  onPublished?: () => void;
  /**
   * Other processes run jobs from the same table (SCALE_OUT, or a worker apart from the web processes):
   * a running row is only taken back when its runner has been silent for the lease, not at every start,
   * and the table is polled for jobs queued by other processes.
   */
  shared?: boolean;
  /** A running row untouched for this long belongs to a process that died (VIDEO_LEASE_SECONDS; 2 minutes). */
  leaseMs?: number;
}

/** Progress is written at most this often: a percent a second is all the console polls for. */
const PROGRESS_EVERY_MS = 1000;
/** The default lease: a running row untouched for this long belongs to a process that died. */
export const STALE_MS = 120_000;
/** Shared, the table is looked at this often for jobs another process queued. */
const POLL_MS = 2000;

export function createVideoQueue(options: VideoQueueOptions): VideoQueue {
  const { db, storage, tools, concurrency, log } = options;
  const leaseMs = options.leaseMs ?? STALE_MS;
  // The row is touched four times a lease: a runner that misses a beat or two still keeps its job.
  const heartbeatMs = Math.max(250, Math.floor(leaseMs / 4));
  const running = new Map<string, { controller: AbortController; done: Promise<void>; stopping: boolean }>();
  let started = false;
  let poller: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | null = null;
  let claimAgain = false;

  const now = () => new Date().toISOString();

  function pump(): void {
    if (!started) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    // Cleared in a `.finally` of its own, so always after this assignment (a pass with no free slot
    // finishes without awaiting anything, and would otherwise leave `claiming` set for ever).
    claiming = (async () => {
      try {
        do {
          claimAgain = false;
          while (started && running.size < concurrency) {
            const job = await repo.claimNextJob(db, now());
            if (!job) break;
            // Stopped while the claim was on its way: the job goes back for the next start.
            if (!started) {
              await repo.markQueued(db, job.id, job.attempts, now());
              break;
            }
            launch(job);
          }
        } while (claimAgain && started);
      } catch (error) {
        log.error({ err: error }, 'video queue: could not claim a job');
      }
    })().finally(() => {
      claiming = null;
    });
  }

  function launch(job: repo.LessonVideoRow): void {
    const controller = new AbortController();
    const entry = { controller, stopping: false, done: Promise.resolve() };
    entry.done = runJob(job, controller.signal, () => entry.stopping)
      .catch((error) => log.error({ err: error, videoId: job.id }, 'video job: unexpected failure'))
      .finally(() => {
        running.delete(job.id);
        pump();
      });
    running.set(job.id, entry);
  }

  async function runJob(job: repo.LessonVideoRow, signal: AbortSignal, stopping: () => boolean): Promise<void> {
    const begun = Date.now();
    let lastWrite = 0;
    let writes = Promise.resolve();
    const onProgress = (percent: number) => {
      const at = Date.now();
      if (percent >= 100 || at - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = at;
      const elapsed = (at - begun) / 1000;
      const eta = percent > 0 ? Math.round((elapsed * (100 - percent)) / percent) : null;
      writes = writes
        .then(() => repo.writeProgress(db, job.id, job.attempts, percent, eta, now()))
        .catch((error) => log.warn({ err: error, videoId: job.id }, 'video job: progress not written'));
    };
    // The lease: the row is touched while the run lives; a run whose row was taken back (this process was
    // silent past the lease, another one has the job now) stops and writes nothing more.
    let lost = false;
    const lose = new AbortController();
    const heartbeat = setInterval(() => {
      void repo.touchJob(db, job.id, job.attempts, now()).then(
        (ours) => {
          if (ours || lost) return;
          lost = true;
          log.warn({ videoId: job.id }, 'video job: lease lost to another process, stopping');
          lose.abort();
        },
        () => undefined,
      );
    }, heartbeatMs).unref();
    const stopped = AbortSignal.any([signal, lose.signal]);
    try {
      if (!job.source_path) throw new AppError('internal', 'the upload of this video is missing');
      const source = await storage.openSource(job.source_path);
      const result = await transcodeToHls({
        videoId: job.id,
        input: source.file,
        storage,
        tools,
        onProgress,
        signal: stopped,
      }).finally(() => source.release());
      await writes;
      const hasCaptions = await carryCaptions(db, storage, job);
      const outcome = await repo.publishVideo(
        db,
        job.id,
        job.attempts,
        {
          durationSeconds: result.durationSeconds,
          width: result.width,
          height: result.height,
          rungsJson: JSON.stringify(result.rungs),
          hasCaptions,
        },
        now(),
      );
      // The new video is the lesson's before the old one's files go, so a learner always has one to play.
      // Gone, or no longer this run's: the run that holds the job now publishes its own outputs.
      if (outcome.gone === 'lost') return;
      if (outcome.gone) await storage.removeVideo(job.id);
      else if (outcome.replaced) await storage.removeVideo(outcome.replaced);
      await storage.removeSource(job.source_path);
      options.onPublished?.();
      log.info({ videoId: job.id, seconds: (Date.now() - begun) / 1000 }, 'video job: ready');
    } catch (error) {
      await writes;
      if (stopped.aborted) {
        if (stopping()) await repo.markQueued(db, job.id, job.attempts, now());
        return;
      }
      const reason =
        error instanceof VideoToolError
          ? error.reason || error.message
          : error instanceof AppError
            ? error.message
            : String(error);
      log.warn({ videoId: job.id, reason }, 'video job: failed');
      await repo.markFailed(db, job.id, job.attempts, reason.slice(0, 4000), now());
    } finally {
      clearInterval(heartbeat);
    }
  }

  const takeBackDead = () =>
    repo.requeueRunning(db, now(), options.shared ? new Date(Date.now() - leaseMs).toISOString() : undefined);
  let lastTakeBack = 0;

  return {
    enqueue: pump,
    async start() {
      if (started) return;
      await takeBackDead();
      started = true;
      pump();
      if (options.shared) {
        lastTakeBack = Date.now();
        poller = setInterval(
          () => {
            const due = Date.now() - lastTakeBack >= heartbeatMs;
            if (due) lastTakeBack = Date.now();
            void (due ? takeBackDead() : Promise.resolve())
              .then(pump)
              .catch((error) => log.warn({ err: error }, 'video queue: poll failed'));
          },
          Math.min(POLL_MS, heartbeatMs),
        ).unref();
      }
    },
    async stop() {
      started = false;
      clearInterval(poller);
      await claiming;
      const jobs = [...running.values()];
      for (const job of jobs) {
        job.stopping = true;
        job.controller.abort();
      }
      await Promise.all(jobs.map((job) => job.done));
    },
    async cancel(videoId) {
      const job = running.get(videoId);
      if (!job) return;
      job.controller.abort();
      await job.done;
    },
  };
}
