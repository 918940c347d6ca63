import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { VideoStorage } from '../../storage/video-storage.js';
import * as repo from './repo.js';

export const CAPTIONS_MAX_BYTES = 1024 * 1024;
export const CAPTIONS_FILE = 'captions.vtt';
// A WebVTT file starts with "WEBVTT" (after an optional byte-order mark), then a space, tab or line end.
const WEBVTT_HEADER = /^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/;

/** The operator's WebVTT captions for the lesson's ready video, published beside its playlists. */
export async function saveCaptions(
  db: Db,
  storage: VideoStorage,
  operator: SessionUser,
  lessonId: string,
  text: string,
  now = new Date(),
) {
  const lesson = await repo.findLesson(db, lessonId);
  if (!lesson) throw new AppError('not_found', messages.videoLessonNotFound);
  if (!lesson.video_id) throw new AppError('conflict', messages.videoNoReadyVideo);
  if (!WEBVTT_HEADER.test(text) || text.includes('\u0000'))
    throw new AppError('bad_request', messages.videoCaptionsInvalid);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'captions-'));
  try {
    const file = path.join(work, CAPTIONS_FILE);
    await fs.writeFile(file, text.replace(/^\uFEFF/, ''));
    await storage.putFile(lesson.video_id, CAPTIONS_FILE, file);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  const videoId = lesson.video_id;
  await db.transaction().execute(async (trx) => {
    await repo.markCaptions(trx, videoId, now.toISOString());
    await writeAudit(
      trx,
      operator,
      {
        action: 'video.captions_saved',
        entity: 'lesson_video',
        entityId: lessonId,
        before: null,
        after: { videoId, bytes: Buffer.byteLength(text) },
      },
      now,
    );
  });
}
