import { messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { VideoStorage } from '../../storage/video-storage.js';
import * as repo from './repo.js';
import type { VideoQueue } from './video-queue.js';

/** The lesson plays no own video any more: every upload of it is stopped, forgotten and its files removed. */
export async function deleteLessonVideo(
  db: Db,
  queue: VideoQueue,
  storage: VideoStorage,
  operator: SessionUser,
  lessonId: string,
  now = new Date(),
) {
  if (!(await repo.findLesson(db, lessonId))) throw new AppError('not_found', messages.videoLessonNotFound);
  const videos = await repo.findLessonVideos(db, [lessonId]);
  for (const video of videos) await queue.cancel(video.id);
  await db.transaction().execute(async (trx) => {
    await repo.clearLessonVideos(trx, lessonId);
    const before = videos.map((video) => ({ videoId: video.id, status: video.status, sourceName: video.source_name }));
    await writeAudit(
      trx,
      operator,
      { action: 'video.deleted', entity: 'lesson_video', entityId: lessonId, before, after: null },
      now,
    );
  });
  for (const video of videos) {
    await storage.removeVideo(video.id);
    await storage.removeSource(video.source_path);
  }
}
