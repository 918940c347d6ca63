import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database.js';
import type { VideoStorage } from '../../storage/video-storage.js';
import * as repo from './repo.js';
import { CAPTIONS_FILE } from './save-captions.js';

/**
 * A replacement keeps the lesson's captions: before a new upload of a lesson becomes its video, the
 * captions of the video it replaces are copied to it (the operator's newer captions, if any, are saved on
 * the playing video too, so they are the ones copied). Answers whether the new video now has captions.
 */
export async function carryCaptions(db: Db, storage: VideoStorage, video: { id: string; lesson_id: string | null }) {
  // A live session's recording has no captions to carry (the console adds none to it).
  if (video.lesson_id === null) return false;
  const lesson = await repo.findLesson(db, video.lesson_id);
  if (!lesson?.video_id || lesson.video_id === video.id) return false;
  const playing = await repo.findVideo(db, lesson.video_id);
  if (!playing?.has_captions) return false;
  const captions = await storage.read(playing.id, CAPTIONS_FILE);
  if (!captions) return false;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'captions-'));
  try {
    const file = path.join(work, CAPTIONS_FILE);
    await pipeline(captions.body, createWriteStream(file));
    await storage.putFile(video.id, CAPTIONS_FILE, file);
    return true;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
