import type { Db } from '../../db/database.js';
import * as repo from './repo.js';

/**
 * Deleting lessons (the course structure editor, learning/write-course-structure.ts) deletes their
 * `lesson_videos` rows with them; their files (outputs, keys, waiting uploads) are removed here. The
 * caller is inside its transaction, which may still roll back, so files are only removed once their rows
 * are really gone: each running app's cleaner checks again shortly after, on its own connection.
 */
export interface VideoFileCleaner {
  /** Removes the files of those videos that no longer have a row. */
  removeOrphans(videos: readonly OrphanCandidate[]): Promise<void>;
}

export interface OrphanCandidate {
  id: string;
  sourcePath: string | null;
}

const cleaners = new Set<VideoFileCleaner>();

/** The video routes register their app's cleaner while the app runs. */
export function registerVideoFileCleaner(cleaner: VideoFileCleaner): () => void {
  cleaners.add(cleaner);
  return () => cleaners.delete(cleaner);
}

/** After the transaction: soon, and once more later in case it was still open at the first look. */
const CHECK_AFTER_MS = [500, 30_000];

/** Call before deleting the lessons, with the same transaction: their videos' files go once the rows have. */
export async function removeLessonVideos(db: Db, lessonIds: readonly string[]): Promise<void> {
  const videos = await repo.findLessonVideos(db, lessonIds);
  if (videos.length === 0) return;
  const candidates = videos.map((video) => ({ id: video.id, sourcePath: video.source_path }));
  await repo.deleteVideos(
    db,
    candidates.map((video) => video.id),
  );
  for (const delay of CHECK_AFTER_MS) {
    setTimeout(() => {
      for (const cleaner of cleaners) void cleaner.removeOrphans(candidates).catch(() => undefined);
    }, delay).unref();
  }
}
