import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import * as repo from './repo.js';
import type { VideoQueue } from './video-queue.js';

/** A failed job of the lesson goes back to the queue, its upload kept for this (decision 0027). */
export async function retryVideoJob(db: Db, queue: VideoQueue, lessonId: string, now = new Date()): Promise<void> {
  const failed = (await repo.findLessonVideos(db, [lessonId])).find((video) => video.status === 'failed');
  if (!failed || !(await repo.requeueFailed(db, failed.id, now.toISOString()))) {
    throw new AppError('conflict', messages.videoNothingToRetry);
  }
  queue.enqueue();
}
