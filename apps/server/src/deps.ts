import type { Config } from './config.js';
import type { Db, DbKind } from './db/database.js';
import type { JobEngine } from './jobs/job-engine.js';
import type { VideoQueue } from './jobs/video-queue.js';
import type { MailQueue } from './mail/mailer.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { ResponseCache } from './plugins/cached-answer.js';
import type { ObjectStorage } from './storage/object-storage.js';
import type { VideoStorage } from './storage/video-storage.js';

/** What every module's routes receive: the database, the configuration and the adapters. */
export interface AppDeps {
  db: Db;
  dbKind: DbKind;
  config: Config;
  mail: MailQueue;
  /** Background work: in-process timers, or pg-boss when scaled out (decision 0030). */
  jobs: JobEngine;
  /**
   * The process's lesson-video transcode queue: the console's routes queue and cancel; `runJobs` starts it
   * in a process that runs transcodes (SHOP_ROLE worker or both); `app.ts` stops it after the jobs.
   */
  videoQueue: VideoQueue;
  /** Serialized catalogue answers; anything that changes a course calls `catalogCache.invalidate()`. */
  catalogCache: ResponseCache;
  gateway: PaymentGateway;
  /** Thumbnails, course files and other stored files: DATA_DIR or the S3 bucket. */
  storage: ObjectStorage;
  /** Lesson videos' outputs and keys (the console's transcodes, the player's reads): DATA_DIR or the bucket. */
  videoStorage: VideoStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
