import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverRoot } from '../src/paths.js';
import { collectOutput, freePort } from './processes.js';

export interface ShopProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process printed on both streams so far. */
  output(): string;
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>;
}

/**
 * `node --import tsx apps/server/src/server.ts` on a free port of loopback with `dataDir` and only the
 * environment given (development mode, no web build), for tests of the process itself: its start-up
 * refusals, its log lines, its signals. It is not waited for; see `waitUntilAnswering`.
 */
export async function spawnShop(dataDir: string, env: Record<string, string> = {}): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, url, output, exited };
}
