import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../../test/helpers.js';
import { ffmpegPath, ffprobePath } from '../../../test/test-clips.js';
import { useTestDatabase } from '../../../test/use-test-app.js';
import { seedDemo } from '../../seed/seed.js';
import { createLocalVideoStorage } from '../../storage/video-storage.js';
import { createVideoQueue, STALE_MS } from './video-queue.js';

const database = useTestDatabase();
let dataDir: string;
let lessonId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-queue-'));
  await seedDemo(database.db);
  lessonId = (await database.db.selectFrom('course_lessons').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const queueWith = (shared: boolean) =>
  createVideoQueue({
    db: database.db,
    storage: createLocalVideoStorage(dataDir),
    tools: { ffmpegPath, ffprobePath },
    concurrency: 1,
    log: pino({ level: 'silent' }),
    shared,
  });

/** A job some process marked running, last heard of `agoMs` ago; its upload is missing, so a rerun fails at once. */
async function runningJob(id: string, agoMs: number) {
  const at = new Date(Date.now() - agoMs).toISOString();
  await database.db
    .insertInto('lesson_videos')
    .values({
      id,
      lesson_id: lessonId,
      status: 'running',
      source_path: null,
      created_at: at,
      updated_at: at,
      attempts: 1,
    })
    .execute();
}

const row = (id: string) =>
  database.db.selectFrom('lesson_videos').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();

async function waitForStatus(id: string, status: string) {
  const until = Date.now() + 20_000;
  while ((await row(id)).status !== status) {
    if (Date.now() > until) throw new Error(`${id} never became ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`the video queue's start (${engine})`, () => {
  it('shared with other processes (SCALE_OUT), it takes back only a running job whose runner went silent; alone, every one', async () => {
    await runningJob('aaaaaaaaaaaaaaaaaaaaaaa1', 5_000);
    await runningJob('aaaaaaaaaaaaaaaaaaaaaaa2', STALE_MS + 60_000);
    const shared = queueWith(true);
    await shared.start();
    await waitForStatus('aaaaaaaaaaaaaaaaaaaaaaa2', 'failed');
    expect(await row('aaaaaaaaaaaaaaaaaaaaaaa2')).toEqual({ status: 'failed', attempts: 2 });
    // Another process's job, alive a few seconds ago, is left to it.
    expect(await row('aaaaaaaaaaaaaaaaaaaaaaa1')).toEqual({ status: 'running', attempts: 1 });
    await shared.stop();

    const alone = queueWith(false);
    await alone.start();
    await waitForStatus('aaaaaaaaaaaaaaaaaaaaaaa1', 'failed');
    expect(await row('aaaaaaaaaaaaaaaaaaaaaaa1')).toEqual({ status: 'failed', attempts: 2 });
    await alone.stop();
  });
});
