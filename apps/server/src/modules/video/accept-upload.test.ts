import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { makeClip, requireFfmpeg } from '../../../test/test-clips.js';
import { createLocalVideoStorage, type VideoStorage } from '../../storage/video-storage.js';
import { acceptUpload } from './accept-upload.js';
import * as repo from './repo.js';
import type { VideoQueue } from './video-queue.js';

// A second upload for a lesson replaces the first one that is still waiting; but only once the new
// one is safely kept: a bucket that refuses the new source must leave the earlier upload queued.

requireFfmpeg();

let t: TestApp;
let work: string;
let clip: string;
const cancelled: string[] = [];
const queue: VideoQueue = {
  enqueue: () => {},
  start: async () => {},
  stop: async () => {},
  cancel: async (videoId) => {
    cancelled.push(videoId);
  },
};

beforeAll(async () => {
  t = await createTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-upload-'));
  clip = makeClip(work, 'clip.mp4', { width: 160, height: 90, seconds: 1 });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function newLessonId(): Promise<string> {
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const headers = { origin: new URL(t.config.publicUrl).origin, cookie: admin.cookie };
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/courses', headers, payload: courseForm() });
  const courseId: string = created.json().course.id;
  const structure = await t.app.inject({ url: `/api/admin/courses/${courseId}/structure`, headers });
  return structure.json().sections[0].lessons[0].id;
}

/** A fresh copy of the clip, as the upload server leaves a finished upload. */
function uploaded(name: string): string {
  const file = path.join(work, name);
  fs.copyFileSync(clip, file);
  return file;
}

describe('acceptUpload', () => {
  beforeEach(() => {
    cancelled.length = 0;
  });
  it('keeps the earlier waiting upload when the new source cannot be kept', async () => {
    const lessonId = await newLessonId();
    const local = createLocalVideoStorage(t.config.dataDir);
    await acceptUpload(
      t.database.db,
      queue,
      local,
      { ffprobePath: t.config.ffprobePath },
      {
        owner: { lessonId },
        file: uploaded('first.mp4'),
        sourceName: 'first.mp4',
        operator: null,
      },
    );
    const [first] = await repo.findLessonVideos(t.database.db, [lessonId]);
    expect(first?.status).toBe('queued');

    const refusing: VideoStorage = {
      ...local,
      keepSource: async () => {
        throw new Error('the bucket refused the upload');
      },
    };
    const second = uploaded('second.mp4');
    await expect(
      acceptUpload(
        t.database.db,
        queue,
        refusing,
        { ffprobePath: t.config.ffprobePath },
        {
          owner: { lessonId },
          file: second,
          sourceName: 'second.mp4',
          operator: null,
        },
      ),
    ).rejects.toThrow('the bucket refused the upload');

    expect(await repo.findLessonVideos(t.database.db, [lessonId])).toEqual([first]);
    expect(cancelled).toEqual([]);
    expect(fs.existsSync(first?.source_path ?? '')).toBe(true);
    expect(fs.existsSync(second)).toBe(false);
  });

  it('replaces the earlier waiting upload once the new source is kept', async () => {
    const lessonId = await newLessonId();
    const local = createLocalVideoStorage(t.config.dataDir);
    const upload = (name: string) => ({ owner: { lessonId }, file: uploaded(name), sourceName: name, operator: null });
    await acceptUpload(t.database.db, queue, local, { ffprobePath: t.config.ffprobePath }, upload('one.mp4'));
    const [first] = await repo.findLessonVideos(t.database.db, [lessonId]);
    await acceptUpload(t.database.db, queue, local, { ffprobePath: t.config.ffprobePath }, upload('two.mp4'));
    const videos = await repo.findLessonVideos(t.database.db, [lessonId]);
    expect(videos.map((video) => [video.source_name, video.status])).toEqual([['two.mp4', 'queued']]);
    expect(cancelled).toEqual([first?.id]);
    expect(fs.existsSync(first?.source_path ?? '')).toBe(false);
  });
});
