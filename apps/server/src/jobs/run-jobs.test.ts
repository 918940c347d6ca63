import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestDatabase, engine, type TestDatabase, testConfig } from '../../test/helpers.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { makeClip, requireFfmpeg } from '../../test/test-clips.js';
import { videoConsole } from '../../test/test-uploads.js';
import { useTestDatabase } from '../../test/use-test-app.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { restrictToRole, runJobs } from '../run-jobs.js';

let smtp: TestSmtp;
const database = useTestDatabase();
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await smtp.close();
});

/** A process of the shop as server.ts starts it, in the given SHOP_ROLE (on the file's database unless told). */
async function shopProcess(
  role: Config['role'],
  scaleOut: boolean,
  on: TestDatabase = database,
): Promise<FastifyInstance> {
  const config: Config = {
    ...testConfig({ SMTP_URL: smtp.url, CONTACT_TO: 'desk@example.com' }),
    database: on.config,
    scaleOut,
    role,
  };
  const app = await buildApp({ config, database: on, logger: false });
  apps.push(app);
  restrictToRole(app);
  await runJobs(app);
  await app.ready();
  return app;
}

describe('SHOP_ROLE', () => {
  it('a worker answers its health check and nothing else', async () => {
    const worker = await shopProcess('worker', false);
    expect((await worker.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await worker.inject({ url: '/api/courses' })).statusCode).toBe(404);
    expect((await worker.inject({ method: 'POST', url: '/api/contact', payload: {} })).statusCode).toBe(404);
  });

  it.skipIf(engine !== 'postgres')(
    'scaled out: mail queued through a web-only process is sent by the worker process, once',
    async () => {
      const web = await shopProcess('web', true);
      const message = `Sent through the web process ${Date.now()}`;
      const res = await web.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { user_name: 'Asha', user_email: 'asha@example.com', message },
        remoteAddress: '10.18.0.1',
      });
      expect(res.statusCode).toBe(200);
      // The web process runs no pass of its own: its kick became a job, which waits for a worker.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(smtp.received.filter((received) => received.raw.includes('Asha'))).toEqual([]);
      await shopProcess('worker', true);
      const mail = await smtp.waitFor('desk@example.com', 15_000);
      expect(mail.raw).toContain('Asha');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(smtp.received.filter((received) => received.raw.includes('Asha'))).toHaveLength(1);
    },
    30_000,
  );
});

describe('SHOP_ROLE and the transcode queue (decision 0030)', () => {
  it.each(['worker', 'both'] as const)(
    'a web process only queues an upload; a %s process transcodes it',
    async (role) => {
      requireFfmpeg();
      const clips = fs.mkdtempSync(path.join(os.tmpdir(), 'run-jobs-video-'));
      // A database of its own: no other process (nor another case's leftover row) may take the job.
      const shared = await createTestDatabase();
      const opened: FastifyInstance[] = [];
      /** A process on that database, closed by this case (not the file's afterAll). */
      const startProcess = async (as: Config['role']) => {
        const app = await shopProcess(as, false, shared);
        apps.splice(apps.indexOf(app), 1);
        opened.push(app);
        return app;
      };
      const rows = (lessonId: string) =>
        shared.db
          .selectFrom('lesson_videos')
          .select(['status', 'attempts'])
          .where('lesson_id', '=', lessonId)
          .execute();
      try {
        const web = await startProcess('web');
        const operator = videoConsole(web, await createSignedInUser(shared.db, { role: 'admin' }));
        const lessonId = await operator.newLesson();
        await operator.upload(
          lessonId,
          fs.readFileSync(makeClip(clips, 'clip.mp4', { width: 320, height: 180, seconds: 1 })),
        );
        // Closing waits for any claim under way and puts a claimed job back with its attempt counted: a web
        // process that ran its queue would leave attempts at 1.
        opened.splice(opened.indexOf(web), 1);
        await web.close();
        expect(await rows(lessonId)).toEqual([{ status: 'queued', attempts: 0 }]);

        await startProcess(role);
        const deadline = Date.now() + 120_000;
        while ((await rows(lessonId))[0]?.status !== 'ready' && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await rows(lessonId)).toEqual([{ status: 'ready', attempts: 1 }]);
      } finally {
        for (const app of opened) await app.close();
        await shared.close();
        fs.rmSync(clips, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
