import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntilAnswering } from '../apps/server/test/processes';
import serverNodeFlags from '../scripts/server-node-flags.json' with { type: 'json' };

export const root = path.resolve(import.meta.dirname, '..');
const hasTaskset = spawnSync('sh', ['-c', 'command -v taskset']).status === 0 && os.cpus().length > 1;
export const pinning = hasTaskset;

/** Servers on CPU 0, the load generator (this process) on CPU 1, when the machine allows. */
export function pinSelf(): void {
  if (hasTaskset) spawnSync('taskset', ['-cp', '1', String(process.pid)]);
}

/**
 * Lets this process (and the browsers it starts) use every CPU again. Lighthouse measures a page with
 * Chromium's several processes and then simulates a slow phone from that trace; squeezed onto the one
 * CPU the load generator had, its main-thread tasks came out longer than the page makes them.
 */
export function unpinSelf(): void {
  if (hasTaskset) spawnSync('taskset', ['-cp', `0-${os.cpus().length - 1}`, String(process.pid)]);
}

export interface Running {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** Peak resident memory so far, from /proc (VmHWM), in MB. */
  peakRssMb(): number | null;
}

/**
 * Starts a server on a free port, as `npm start` would (NODE_ENV=production and otherwise its default
 * settings, LOG_LEVEL=info included); its standard output (the access log) goes to `logFile` when given,
 * as an operator's would go to a file or the journal, rather than flooding the bench's report.
 */
export async function start(
  script: string,
  env: Record<string, string>,
  healthPath: string,
  logFile?: string,
): Promise<Running> {
  const port = await freePort();
  // The shop's bundle runs with the flags `npm start` gives it.
  const args = script.endsWith('.mjs')
    ? [...serverNodeFlags, path.join(root, script)]
    : ['--import', 'tsx', path.join(root, script)];
  const [cmd, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, argv, {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: '', DATABASE_URL: '', ...env, PORT: String(port) },
    stdio: ['ignore', logFile ? fs.openSync(logFile, 'a') : 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}${healthPath}`, child, { seconds: 120 });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
    peakRssMb() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const match = status.match(/VmHWM:\s+(\d+) kB/);
        return match ? Math.round(Number(match[1]) / 1024) : null;
      } catch {
        return null;
      }
    },
  };
}

export function startShop(dataDir: string): Promise<Running> {
  return start(
    'apps/server/dist/server.mjs',
    { DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1' },
    '/api/health',
    path.join(dataDir, 'server.log'),
  );
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${name}-`));
}

/** A POST as a learner's client makes it (the session as a bearer token): the status and the JSON answer. */
export async function post(
  url: string,
  token: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
