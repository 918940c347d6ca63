import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import * as repo from './repo.js';
import type { VideoQueue } from './video-queue.js';
import type { VideoStorage } from '../../storage/video-storage.js';

/** The lesson plays no own video any more: every upload of it is stopped, forgotten and its files removed. */
export async function deleteLessonVideo(db: Db, queue: VideoQueue, storage: VideoStorage, lessonId: string) {
  if (!(await repo.findLesson(db, lessonId))) throw new AppError('not_found', messages.videoLessonNotFound);
  const videos = await repo.findLessonVideos(db, [lessonId]);
  for (const video of videos) await queue.cancel(video.id);
  await repo.clearLessonVideos(db, lessonId);
  for (const video of videos) {
    await storage.removeVideo(video.id);
    await storage.removeSource(video.source_path);
  }
}
