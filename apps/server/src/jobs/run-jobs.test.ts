import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, testConfig } from '../../test/helpers.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
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

/** A process of the shop as server.ts starts it, in the given SHOP_ROLE. */
async function shopProcess(role: Config['role'], scaleOut: boolean): Promise<FastifyInstance> {
  const config: Config = {
    ...testConfig({ SMTP_URL: smtp.url, CONTACT_TO: 'desk@example.com' }),
    database: database.config,
    scaleOut,
    role,
  };
  const app = await buildApp({ config, database, logger: false });
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
