import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { newId } from '../../apps/server/src/ids';
import { transcodeToHls } from '../../apps/server/src/modules/video/transcode-to-hls';
import { createLocalVideoStorage } from '../../apps/server/src/storage/video-storage';
import { ffmpegPath, ffprobePath, makeClip } from '../../apps/server/test/test-clips';
import { withShopDatabase } from './shop-database';

/**
 * Test data: a clip made with ffmpeg, transcoded into the shop's storage as an upload would be, and set
 * as the lesson's ready video of our own (a video lesson, a free preview when asked).
 */
export async function attachOwnVideo(
  lessonId: string,
  clip: { width: number; height: number; seconds: number },
  { preview = false }: { preview?: boolean } = {},
): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-own-video-'));
  try {
    const videoId = newId();
    const made = await transcodeToHls({
      videoId,
      input: makeClip(work, 'lesson.mp4', clip),
      storage: createLocalVideoStorage(inject('dataDir')),
      tools: { ffmpegPath, ffprobePath },
    });
    withShopDatabase((db) => {
      const now = new Date().toISOString();
      db.prepare(
        `insert into lesson_videos (id, lesson_id, status, source_name, progress, duration_seconds, width, height, rungs_json, created_at, updated_at, finished_at)
         values (?, ?, 'ready', 'lesson.mp4', 100, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        videoId,
        lessonId,
        made.durationSeconds,
        made.width,
        made.height,
        JSON.stringify(made.rungs),
        now,
        now,
        now,
      );
      db.prepare(`update course_lessons set video_id = ?, kind = 'video', preview = ? where id = ?`).run(
        videoId,
        preview ? 1 : 0,
        lessonId,
      );
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
