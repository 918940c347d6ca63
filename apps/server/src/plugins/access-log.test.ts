import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes.js';
import { serverRoot } from '../paths.js';

const started: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `node --import tsx <args>` and collects its standard output. */
function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', () => {});
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const lines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the server log at the default LOG_LEVEL=info', () => {
  /** The server as `npm start` runs it (development mode, no web build), with `env` on top. */
  async function startServer(env: Record<string, string> = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = run([path.join(serverRoot, 'src/server.ts')], {
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: '',
      PUBLIC_URL: '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ACCESS_LOG_SAMPLE: '',
      ...env,
    });
    await expect.poll(server.output, { timeout: 30_000, interval: 100 }).toContain('shop ready at');
    return { server, port };
  }

  it('writes every state change, failure and slow read, and one in ACCESS_LOG_SAMPLE (10) of the ordinary reads', async () => {
    const { server, port } = await startServer();
    for (let i = 0; i < 12; i++) await fetch(`http://127.0.0.1:${port}/api/courses`);
    await fetch(`http://127.0.0.1:${port}/api/no-such-endpoint`);
    await fetch(`http://127.0.0.1:${port}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const access = lines(server.output()).filter((line) => line.msg === 'request');
    expect(access.map(({ method, url, status, sampled }) => ({ method, url, status, sampled }))).toEqual([
      { method: 'GET', url: '/api/courses', status: 200, sampled: 10 },
      { method: 'GET', url: '/api/courses', status: 200, sampled: 10 },
      { method: 'GET', url: '/api/no-such-endpoint', status: 404, sampled: undefined },
      { method: 'POST', url: '/api/signin', status: 401, sampled: undefined },
    ]);
  }, 60_000);

  it('prints one start-up line with the address to open, one line per request (ACCESS_LOG_SAMPLE=1), and its last lines at shutdown', async () => {
    // No demo clips: a first start's clip job still under way at SIGTERM logs while the shop drains.
    const { server, port } = await startServer({ ACCESS_LOG_SAMPLE: '1', DEMO_CLIPS: '0' });
    const urls = ['/api/health', '/api/courses', '/api/no-such-endpoint'];
    for (const url of urls) await fetch(`http://127.0.0.1:${port}${url}`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const logged = lines(server.output());
    expect(server.output()).not.toContain('Server listening');
    expect(logged.filter((line) => String(line.msg).includes('http'))).toEqual([
      expect.objectContaining({ msg: `shop ready at http://localhost:${port}` }),
    ]);
    const access = logged.filter((line) => line.msg === 'request');
    expect(access.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/api/health', status: 200 },
      { method: 'GET', url: '/api/courses', status: 200 },
      { method: 'GET', url: '/api/no-such-endpoint', status: 404 },
    ]);
    for (const line of access) expect(line.ms).toEqual(expect.any(Number));
    expect(logged.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
    expect(logged.slice(-2).map((line) => line.msg)).toEqual([
      'shutting down: draining requests in flight',
      'shut down cleanly',
    ]);
  }, 60_000);

  it('writes out what it buffered when the process dies of an uncaught error', async () => {
    const script = `
      import pino from 'pino';
      import { logDestination } from './src/plugins/access-log.ts';
      const log = pino({ level: 'info' }, logDestination());
      for (let n = 1; n <= 20; n++) log.info({ n }, 'buffered');
      log.fatal('about to fail');
      setImmediate(() => { throw new Error('boom'); });
    `;
    const crashing = run(['--input-type=module', '-e', script], {});
    expect(await crashing.exited).toBe(1);
    const logged = lines(crashing.output());
    expect(logged.filter((line) => line.msg === 'buffered')).toHaveLength(20);
    expect(logged.at(-1)).toMatchObject({ level: 60, msg: 'about to fail' });
  }, 30_000);
});
