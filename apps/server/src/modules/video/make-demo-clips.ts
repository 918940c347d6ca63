import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';
import type { VideoStorage } from '../../storage/video-storage.js';
import * as repo from './repo.js';
import { runTool } from './run-tool.js';
import type { VideoQueue } from './video-queue.js';

/** The job the first start's seed asks for, with the demo lessons to give clips (`lessonIds`). */
export const DEMO_CLIPS_JOB = 'video.demo-clips';

/** Short and small: the transcodes of a whole demo catalogue take about a minute of one core. */
const CLIP_SECONDS = 6;

interface DemoClipDeps {
  db: Db;
  queue: VideoQueue;
  storage: VideoStorage;
  ffmpegPath: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

/**
 * The demo catalogue's lesson videos are our own (issue 32): ffmpeg makes one test-pattern clip with a
 * tone, each demo lesson gets a copy as its upload, and the transcode queue turns them into protected
 * streams as it would an operator's upload; the lesson becomes a video lesson. Without ffmpeg the lessons
 * stay text lessons. A lesson that already has a video (a retry, an operator's upload) is left alone.
 * The demo's past live sessions (`recordingSessionIds`) get the clip as their recording the same way
 * (issue 35). Answers how many clips were queued.
 */
export async function makeDemoClips(
  deps: DemoClipDeps,
  lessonIds: readonly string[],
  recordingSessionIds: readonly string[] = [],
): Promise<number> {
  const { db, queue, storage, ffmpegPath, dataDir, log } = deps;
  const haveVideo = new Set((await repo.findLessonVideos(db, lessonIds)).map((video) => video.lesson_id));
  const owners: ({ lesson_id: string } | { live_session_id: string })[] = [];
  for (const id of lessonIds) if (!haveVideo.has(id) && (await repo.findLesson(db, id))) owners.push({ lesson_id: id });
  for (const id of recordingSessionIds)
    if ((await repo.findRecordingVideos(db, id)).length === 0) owners.push({ live_session_id: id });
  if (owners.length === 0) return 0;
  const dir = path.join(dataDir, 'demo-clips');
  await fs.mkdir(dir, { recursive: true });
  const template = path.join(dir, `clip-${newId()}.mp4`);
  try {
    await runTool(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=15'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
        ...['-t', String(CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-movflags', '+faststart', template],
      ],
      { lowPriority: true },
    );
  } catch (error) {
    log.info({ err: error }, 'demo clips: ffmpeg could not make them; the demo lessons stay text lessons');
    await fs.rm(template, { force: true });
    return 0;
  }
  try {
    for (const owner of owners) {
      const id = newId();
      const copy = path.join(dir, `${id}.mp4`);
      await fs.copyFile(template, copy);
      const source = await storage.keepSource(id, copy);
      const at = new Date().toISOString();
      await repo.insertVideo(db, {
        id,
        ...owner,
        status: 'queued',
        source_name: 'demo-clip.mp4',
        source_path: source,
        created_at: at,
        updated_at: at,
      });
      if ('lesson_id' in owner) await repo.markVideoLesson(db, owner.lesson_id);
      queue.enqueue();
    }
  } finally {
    await fs.rm(template, { force: true });
  }
  log.info({ clips: owners.length }, 'demo clips queued for transcoding');
  return owners.length;
}
