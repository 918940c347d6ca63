import { messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import * as repo from './repo.js';
import type { VideoQueue } from './video-queue.js';

/** A failed job of the lesson goes back to the queue, its upload kept for this (decision 0027). */
export async function retryVideoJob(
  db: Db,
  queue: VideoQueue,
  operator: SessionUser,
  lessonId: string,
  now = new Date(),
): Promise<void> {
  const failed = (await repo.findLessonVideos(db, [lessonId])).find((video) => video.status === 'failed');
  const retried =
    failed !== undefined &&
    (await db.transaction().execute(async (trx) => {
      if (!(await repo.requeueFailed(trx, failed.id, now.toISOString()))) return false;
      await writeAudit(
        trx,
        operator,
        {
          action: 'video.retried',
          entity: 'lesson_video',
          entityId: lessonId,
          before: { videoId: failed.id, status: 'failed', error: failed.error },
          after: { videoId: failed.id, status: 'queued' },
        },
        now,
      );
      return true;
    }));
  if (!retried) throw new AppError('conflict', messages.videoNothingToRetry);
  queue.enqueue();
}
