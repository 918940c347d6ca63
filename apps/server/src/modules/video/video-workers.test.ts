import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestDatabase,
  engine,
  type TestDatabase,
  testConfig,
} from '../../../test/helpers.js';
import { collectOutput } from '../../../test/processes.js';
import { makeClip, requireFfmpeg } from '../../../test/test-clips.js';
import { startTestS3, type TestS3 } from '../../../test/test-s3.js';
import { videoConsole } from '../../../test/test-uploads.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { restrictToRole, runJobs } from '../../run-jobs.js';
import { createS3Storage } from '../../storage/s3-storage.js';

requireFfmpeg();

const SHOP_SECRET = 'c'.repeat(64);
const LEASE_SECONDS = 4;

/** Transcoding scaled out (decision 0030): web processes queue, workers claim each job once, a dead worker's job moves on. */
describe.skipIf(engine !== 'postgres')('lesson video transcodes across processes (PostgreSQL)', () => {
  let s3: TestS3;
  let database: TestDatabase;
  let clips: string;
  const opened: { app: FastifyInstance; close: () => Promise<void> }[] = [];

  const settings = () => ({ ...s3.env, SHOP_SECRET, VIDEO_LEASE_SECONDS: String(LEASE_SECONDS) });

  /** One shop process on the shared database and bucket, with its own data folder, started as server.ts starts it. */
  async function shopProcess(
    role: Config['role'],
  ): Promise<{ app: FastifyInstance; dataDir: string; close: () => Promise<void> }> {
    const config: Config = { ...testConfig(settings()), scaleOut: true, role, database: database.config };
    const handle = openDatabase(config.database);
    const app = await buildApp({ config, database: handle, logger: false });
    restrictToRole(app);
    // The role decides: a web process only queues, a worker starts the transcode queue (run-jobs.ts).
    await runJobs(app);
    await app.ready();
    const process = {
      app,
      dataDir: config.dataDir,
      async close() {
        await app.close();
        await handle.close();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
    opened.push(process);
    return process;
  }

  const rows = (ids: string[]) =>
    database.db
      .selectFrom('lesson_videos')
      .select(['lesson_id', 'status', 'attempts'])
      .where('lesson_id', 'in', ids)
      .orderBy('lesson_id')
      .execute();

  async function until(what: string, check: () => Promise<boolean>, seconds = 120) {
    const end = Date.now() + seconds * 1000;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  let web: FastifyInstance;
  let webDataDir: string;
  let operator: ReturnType<typeof videoConsole>;
  const clip = (name: string, seconds: number, width = 320, height = 180) =>
    fs.readFileSync(makeClip(clips, name, { width, height, seconds }));

  beforeAll(async () => {
    s3 = await startTestS3();
    database = await createTestDatabase();
    clips = fs.mkdtempSync(path.join(os.tmpdir(), 'video-workers-'));
    ({ app: web, dataDir: webDataDir } = await shopProcess('web'));
    operator = videoConsole(web, await createSignedInUser(database.db, { role: 'admin' }));
  });
  afterAll(async () => {
    for (const process of opened) await process.close();
    await database?.close();
    await s3?.close();
    fs.rmSync(clips, { recursive: true, force: true });
  });

  it('a web process only queues; two workers transcode three uploads, each exactly once', async () => {
    const lessons = [await operator.newLesson(), await operator.newLesson(), await operator.newLesson()];
    for (const [n, lessonId] of lessons.entries()) await operator.upload(lessonId, clip(`clip-${n}.mp4`, 1));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await rows(lessons)).map((row) => [row.status, row.attempts])).toEqual([
      ['queued', 0],
      ['queued', 0],
      ['queued', 0],
    ]);
    // The sources are in the bucket, not on the web process's disk: a worker on another machine finds them.
    const bucket = createS3Storage(s3.settings);
    expect(await bucket.list('video-sources/')).toHaveLength(3);
    expect(fs.readdirSync(path.join(webDataDir, 'video-uploads'))).toEqual([]);

    const workers = [await shopProcess('worker'), await shopProcess('worker')];
    await until('three ready videos', async () => (await rows(lessons)).every((row) => row.status === 'ready'));
    expect((await rows(lessons)).map((row) => row.attempts)).toEqual([1, 1, 1]);
    for (const lessonId of lessons) expect((await operator.read(lessonId)).current?.status).toBe('ready');
    // Transcoded, the sources are gone from the bucket; the workers' fetched copies from their disks.
    expect(await bucket.list('video-sources/')).toEqual([]);
    for (const worker of workers) expect(fs.readdirSync(path.join(worker.dataDir, 'video-work'))).toEqual([]);
    for (const worker of workers) await worker.close();
    opened.splice(opened.length - 2, 2);
  }, 240_000);

  it('a worker killed mid-transcode: its job is taken up by another worker after the lease and finishes', async () => {
    const lessonId = await operator.newLesson();
    await operator.upload(lessonId, clip('long.mp4', 8, 640, 360));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-worker-child-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'video-worker.fixture.ts')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          ...settings(),
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          WEB_DIST: path.join(dataDir, 'no-web'),
          DATABASE_URL: database.config.kind === 'postgres' ? database.config.url : '',
          SCALE_OUT: '1',
          SHOP_ROLE: 'worker',
        },
      },
    );
    const output = collectOutput(child);
    try {
      await until('the child worker to start the transcode', async () => {
        if (child.exitCode !== null) throw new Error(`the worker exited: ${output()}`);
        const [row] = await rows([lessonId]);
        return row?.status === 'running';
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      // Killed, not stopped: nothing put the job back; only the lease will.
      expect(await rows([lessonId])).toEqual([{ lesson_id: lessonId, status: 'running', attempts: 1 }]);

      const killedAt = Date.now();
      await shopProcess('worker');
      await until('the job to finish elsewhere', async () => (await rows([lessonId]))[0]?.status === 'ready', 180);
      expect(await rows([lessonId])).toEqual([{ lesson_id: lessonId, status: 'ready', attempts: 2 }]);
      expect(Date.now() - killedAt).toBeGreaterThan(LEASE_SECONDS * 1000 - 1000);
      expect((await operator.read(lessonId)).current?.status).toBe('ready');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
