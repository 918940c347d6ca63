import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntilAnswering } from '../../apps/server/test/processes';

export const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  /** The origin state-changing calls must name when they carry the session cookie. */
  origin: string;
  dataDir: string;
  /** The environment the server runs with; the CLI gets the same. */
  env: NodeJS.ProcessEnv;
  /** Everything the server printed, across restarts. */
  output(): string;
  /** Error lines (pino level 50 or 60) the server logged. */
  errorLines(): string[];
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Removes the temporary data folder. */
  dispose(): void;
}

/**
 * The real server as `npm start` runs it (`node --import tsx apps/server/src/server.ts`), on loopback, a
 * free port and a temporary DATA_DIR; SQLite unless `DATABASE_URL` is given. `kill()` is SIGKILL: no
 * shutdown hook runs, as when the machine loses power or the OOM killer strikes.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reliability-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    RAZORPAY_KEY_ID: '',
    RAZORPAY_KEY_SECRET: '',
    RAZORPAY_WEBHOOK_SECRET: '',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...extraEnv,
  };
  let output = '';
  let child: ChildProcess | null = null;

  const exited = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  const server: ServerProcess = {
    url,
    origin: url,
    dataDir,
    env,
    output: () => output,
    errorLines: () => output.split('\n').filter((line) => /"level":(50|60)/.test(line)),
    async start() {
      const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      proc.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      await waitUntilAnswering(`${url}/api/health`, proc, { log: () => output });
    },
    async kill() {
      if (!child) return;
      const proc = child;
      child = null;
      proc.kill('SIGKILL');
      await exited(proc);
    },
    async stop() {
      if (!child) return;
      const proc = child;
      child = null;
      proc.kill('SIGTERM');
      await exited(proc);
    },
    dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
