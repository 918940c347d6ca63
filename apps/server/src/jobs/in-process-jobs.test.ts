import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessJobs } from './in-process-jobs.js';

const log = pino({ level: 'silent' });
let jobs: InProcessJobs;
afterEach(() => jobs.stop());

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the in-process job runner (embedded start)', () => {
  it('handles each of 50 jobs exactly once', async () => {
    jobs = new InProcessJobs(log);
    const handled: number[] = [];
    await jobs.work('once', async (data) => void handled.push(Number(data.n)));
    await jobs.start();
    for (let n = 0; n < 50; n++) await jobs.enqueue('once', { n });
    await waitFor(() => handled.length >= 50);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handled.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it('retries a handler that throws, up to the retry limit', async () => {
    jobs = new InProcessJobs(log);
    let attempts = 0;
    await jobs.work('flaky', async () => {
      attempts++;
      if (attempts < 2) throw new Error('down');
    });
    await jobs.enqueue('flaky', {}, { retryLimit: 2 });
    await waitFor(() => attempts >= 2, 5000);
    let failing = 0;
    await jobs.work('broken', async () => {
      failing++;
      throw new Error('always down');
    });
    await jobs.enqueue('broken', {}, { retryLimit: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(failing).toBe(2);
  });

  it('coalesces kicks with one singleton key while one waits, and runs periodic jobs on their timer after start', async () => {
    jobs = new InProcessJobs(log);
    let kicks = 0;
    let ticks = 0;
    await jobs.work('kick', async () => {
      kicks++;
    });
    await jobs.work('tick', async () => {
      ticks++;
    });
    await jobs.every('tick', 100, 10);
    await Promise.all(Array.from({ length: 10 }, () => jobs.enqueue('kick', {}, { singletonKey: 'pass' })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kicks).toBe(1);
    expect(ticks).toBe(0);
    await jobs.start();
    await waitFor(() => ticks >= 3, 2000);
  });

  it('stop waits for a running job and starts no other', async () => {
    jobs = new InProcessJobs(log);
    let finished = false;
    let started = 0;
    await jobs.work('slow', async () => {
      started++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = true;
    });
    await jobs.enqueue('slow');
    await waitFor(() => started === 1);
    await jobs.enqueue('slow', {}, { startAfter: new Date(Date.now() + 50) });
    await jobs.stop();
    expect(finished).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toBe(1);
  });
});
