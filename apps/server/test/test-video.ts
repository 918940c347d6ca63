import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/database.js';
import { newId } from '../src/ids.js';
import { transcodeToHls } from '../src/modules/video/transcode-to-hls.js';
import { createLocalVideoStorage } from '../src/storage/video-storage.js';
import { ffmpegPath, ffprobePath, makeClip, requireFfmpeg } from './test-clips.js';

/**
 * A lesson's ready video, made as the real pipeline makes it: a generated clip (test pattern and tone),
 * transcoded by ffmpeg into the app's DATA_DIR storage, its `lesson_videos` row ready and the lesson
 * pointing at it. 854x480 gives two rungs (480p and 240p), so quality can be switched.
 */
export async function makeReadyVideo(
  db: Db,
  dataDir: string,
  lessonId: string,
  {
    width = 854,
    height = 480,
    seconds = 4,
    captions = false,
    rate = 10,
    segmentsPerKey = undefined as number | undefined,
  } = {},
): Promise<string> {
  requireFfmpeg();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'playback-clip-'));
  try {
    const clip = makeClip(work, 'clip.mp4', { width, height, seconds, rate });
    const videoId = newId();
    const storage = createLocalVideoStorage(dataDir);
    const made = await transcodeToHls({
      videoId,
      input: clip,
      storage,
      tools: { ffmpegPath, ffprobePath },
      segmentsPerKey,
    });
    if (captions) {
      const vtt = path.join(work, 'captions.vtt');
      fs.writeFileSync(vtt, 'WEBVTT\n\n00:00.000 --> 00:03.000\nA test caption\n');
      await storage.putFile(videoId, 'captions.vtt', vtt);
    }
    const now = new Date().toISOString();
    await db
      .insertInto('lesson_videos')
      .values({
        id: videoId,
        lesson_id: lessonId,
        status: 'ready',
        source_name: 'clip.mp4',
        source_path: null,
        progress: 100,
        eta_seconds: null,
        error: null,
        duration_seconds: made.durationSeconds,
        width: made.width,
        height: made.height,
        rungs_json: JSON.stringify(made.rungs),
        has_captions: captions ? 1 : 0,
        created_at: now,
        updated_at: now,
        started_at: now,
        finished_at: now,
      })
      .execute();
    await attachVideo(db, lessonId, videoId);
    return videoId;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Points a lesson at an already made video (one transcode serves several lessons of a test). */
export async function attachVideo(db: Db, lessonId: string, videoId: string): Promise<void> {
  await db.updateTable('course_lessons').set({ video_id: videoId }).where('id', '=', lessonId).execute();
}

/** A course's lessons in order, as the player lists them. */
export async function lessonIdsOf(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('course_lessons')
    .innerJoin('course_sections', 'course_sections.id', 'course_lessons.section_id')
    .select(['course_lessons.id'])
    .where('course_lessons.course_id', '=', courseId)
    .orderBy('course_sections.position')
    .orderBy('course_lessons.position')
    .execute();
  return rows.map((row) => row.id);
}
