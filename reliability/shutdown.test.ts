import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database';
import { waitUntilAnswering } from '../apps/server/test/processes';
import { spawnShop } from '../apps/server/test/shop-process';

// Graceful shutdown (issue 17): SIGTERM stops new connections, lets the request in flight finish and the
// mail pass end, and exits 0; work still running when SHUTDOWN_GRACE_MS runs out is abandoned (exit 1).

const started: { child: ChildProcess; dataDir: string }[] = [];
afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

async function startShop(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
  const shop = await spawnShop(dataDir, { NODE_ENV: 'production', LOG_LEVEL: 'info', ...env });
  started.push({ child: shop.child, dataDir });
  await waitUntilAnswering(`${shop.url}/api/health`, shop.child, { log: shop.output });
  return shop;
}

const body = JSON.stringify({
  user_name: 'Asha',
  user_email: 'asha@example.com',
  message: 'Sent slowly, across a deploy.',
});

/** A contact-form POST whose headers and first half of the body are sent now; `finish` sends the rest. */
function slowRequest(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    answer: async () => {
      await closed;
      return answer;
    },
  };
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.on('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.on('error', () => resolve(true));
  });

describe('graceful shutdown', () => {
  it('SIGTERM: the request in flight completes, new connections are refused, and the process exits 0', async () => {
    const shop = await startShop({ SHUTDOWN_GRACE_MS: '10000' });
    const request = slowRequest(shop.port);
    await new Promise((resolve) => setTimeout(resolve, 300));
    shop.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(shop.child.exitCode).toBeNull();
    expect(await refusesConnections(shop.port)).toBe(true);
    request.finish();
    const answer = await request.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"ok":true');
    expect(await shop.exited).toBe(0);
    expect(shop.output()).toContain('shut down cleanly');
  }, 60_000);

  it('work still in flight when SHUTDOWN_GRACE_MS runs out is abandoned: the process exits 1 in time', async () => {
    const shop = await startShop({ SHUTDOWN_GRACE_MS: '1000' });
    slowRequest(shop.port);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(1);
    expect(Date.now() - sent).toBeLessThan(5_000);
    expect(shop.output()).toContain('SHUTDOWN_GRACE_MS ran out');
  }, 60_000);

  it('SIGTERM during a transcode: the job goes back to the queue before the database closes, and nothing logs an error', async () => {
    // The first start makes the demo lessons' clips with ffmpeg: a transcode is under way within seconds.
    const shop = await startShop({ SHUTDOWN_GRACE_MS: '20000', DEMO_CLIPS: '1' });
    const dataDir = started[started.length - 1].dataDir;
    const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'shop.sqlite') });
    try {
      const running = async () =>
        (await database.db.selectFrom('lesson_videos').select('id').where('status', '=', 'running').execute()).length;
      const deadline = Date.now() + 60_000;
      while ((await running()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await running()).toBeGreaterThan(0);
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
      const errors = shop
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      expect(errors).toEqual([]);
      expect(await running()).toBe(0);
      const queued = await database.db
        .selectFrom('lesson_videos')
        .select('id')
        .where('status', '=', 'queued')
        .execute();
      expect(queued.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
