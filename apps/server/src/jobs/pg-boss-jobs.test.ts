import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../test/helpers.js';
import { createPostgresDatabase } from '../../test/postgres.js';
import { collectOutput } from '../../test/processes.js';
import { PgBossJobs } from './pg-boss-jobs.js';

const log = pino({ level: 'silent' });

async function waitFor(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(engine !== 'postgres')('pg-boss jobs across processes (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> };
  const engines: PgBossJobs[] = [];

  function newEngine(settings: { leaseSeconds?: number; maintenanceSeconds?: number } = {}): PgBossJobs {
    const jobs = new PgBossJobs(
      { connectionString: database.url, supervise: true, pollSeconds: 0.5, ...settings },
      log,
    );
    engines.push(jobs);
    return jobs;
  }

  beforeAll(async () => {
    database = await createPostgresDatabase('jobs');
  });
  afterAll(async () => {
    await Promise.all(engines.map((jobs) => jobs.stop()));
    await database.drop();
  });

  it('two engines share 60 jobs: each is handled exactly once', async () => {
    const [a, b] = [newEngine(), newEngine()];
    const handled: { by: string; n: number }[] = [];
    // As server.ts does: the handlers are given before the engine starts.
    await a.work('test.once', async (data) => void handled.push({ by: 'a', n: Number(data.n) }));
    await b.work('test.once', async (data) => void handled.push({ by: 'b', n: Number(data.n) }));
    await Promise.all([a.start(), b.start()]);
    for (let n = 0; n < 60; n++) await (n % 2 ? a : b).enqueue('test.once', { n });
    await waitFor('60 jobs', () => handled.length >= 60);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.map((job) => job.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    // Both took part: the work is shared, not merely done by whichever started first.
    expect(new Set(handled.map((job) => job.by)).size).toBe(2);
  });

  it('processes starting together create the same and different queues at once without failing', async () => {
    // As when several shop processes start at one moment: each registers its handlers and sends its
    // first jobs. pg-boss creates a queue's partition outside its lock, and PostgreSQL broke such
    // collisions with "deadlock detected" (seen in CI).
    const fresh = await createPostgresDatabase('jobs_start');
    const started: PgBossJobs[] = [];
    try {
      const names = Array.from({ length: 6 }, (_, n) => `test.start${n}`);
      for (let p = 0; p < 4; p++) {
        const jobs = new PgBossJobs({ connectionString: fresh.url, supervise: true, pollSeconds: 0.5 }, log);
        started.push(jobs);
        for (const name of names) await jobs.work(name, async () => {});
      }
      await Promise.all(started.map((jobs) => jobs.start()));
      await Promise.all(started.flatMap((jobs, p) => names.map((name) => jobs.enqueue(`${name}.${p}`))));
    } finally {
      await Promise.all(started.map((jobs) => jobs.stop()));
      await fresh.drop();
    }
  });

  it('a handler that throws is retried, with back-off, until it succeeds', async () => {
    const jobs = newEngine();
    await jobs.start();
    const attempts: number[] = [];
    await jobs.work('test.flaky', async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error('the mail server is down');
    });
    await jobs.enqueue('test.flaky', {}, { retryLimit: 4 });
    await waitFor('three attempts', () => attempts.length >= 3);
    const [first = 0, second = 0, third = 0] = attempts;
    expect(third - second).toBeGreaterThan(second - first);
  });

  it('kicks with one singleton key that come together are coalesced', async () => {
    const jobs = newEngine();
    await jobs.start();
    let runs = 0;
    await jobs.work('test.kick', async () => {
      runs++;
    });
    const sentAt: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        sentAt.push(Date.now());
        await jobs.enqueue('test.kick', {}, { singletonKey: 'pass' });
        sentAt.push(Date.now());
      }),
    );
    await waitFor('a run', () => runs >= 1);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // One per one-second slot, and at most one more put into the next slot. On a loaded machine the 20
    // kicks may span two slots (or more): the bound counts the slots they actually spanned.
    const slots = Math.floor(Math.max(...sentAt) / 1000) - Math.floor(Math.min(...sentAt) / 1000) + 1;
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(slots + 1);
    expect(runs).toBeLessThan(20);
  });

  it('a job whose worker process is killed mid-job runs again in another process', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'hanging-worker.fixture.ts'), database.url, 'test.lost'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = collectOutput(child);
    try {
      const survivor = newEngine({ leaseSeconds: 2, maintenanceSeconds: 1 });
      await survivor.start();
      // The queue as the worker creates it: a 2 s lease.
      await waitFor('the worker to start', () => output().length > 0 || child.exitCode !== null, 3000).catch(() => {});
      await survivor.enqueue('test.lost', { n: 7 });
      await waitFor('the worker to take the job', () => output().includes('took 7'));
      child.kill('SIGKILL');
      const rerun: number[] = [];
      await survivor.work('test.lost', async (data) => void rerun.push(Number(data.n)));
      await waitFor('the job to run again', () => rerun.length > 0, 30_000);
      expect(rerun).toEqual([7]);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
