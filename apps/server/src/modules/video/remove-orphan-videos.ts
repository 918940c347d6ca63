import type { Db } from '../../db/database.js';
import type { VideoStorage } from '../../storage/video-storage.js';
import type { OrphanCandidate } from './remove-lesson-videos.js';
import * as repo from './repo.js';
import type { VideoQueue } from './video-queue.js';

/** Of these videos, those whose row is gone (their lesson was deleted) are stopped and their files removed. */
export async function removeOrphanVideos(
  db: Db,
  queue: VideoQueue,
  storage: VideoStorage,
  videos: readonly OrphanCandidate[],
): Promise<void> {
  const kept = await repo.existingVideoIds(
    db,
    videos.map((video) => video.id),
  );
  for (const video of videos.filter((candidate) => !kept.has(candidate.id))) {
    await queue.cancel(video.id);
    await storage.removeVideo(video.id);
    await storage.removeSource(video.sourcePath);
  }
}
