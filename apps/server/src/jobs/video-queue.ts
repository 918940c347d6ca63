/**
 * The lesson-video transcode queue as the rest of the app sees it (decision 0030): the video module
 * builds it (`modules/video/video-queue.ts`), `app.ts` holds one per process in `AppDeps.videoQueue`,
 * the console's routes only `enqueue` and `cancel`, the shell's `run-jobs.ts` starts it in a process
 * that runs transcodes (SHOP_ROLE worker or both), and `app.ts`'s one onClose hook stops it.
 */
export interface VideoQueue {
  /** A job was queued: run it when a slot is free (a process that has not started the queue only queues). */
  enqueue(): void;
  /** Puts back the jobs a crash left running and runs what is queued; afterwards runs what is queued next. */
  start(): Promise<void>;
  /** Stops ffmpeg and puts running jobs back in the queue; resolves once they are. */
  stop(): Promise<void>;
  /** Stops a job whose row was deleted (a deleted video, a replaced upload); its outputs never appear. */
  cancel(videoId: string): Promise<void>;
}
