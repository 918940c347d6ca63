import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * `npm run cli -- …` as the operator runs it, a process of its own with the given environment (over a bare
 * one: PATH, NODE_ENV=production, LOG_LEVEL=warn); spawned, not spawnSync, so that servers this process
 * runs (s3rver, a shop under test) keep answering it. `preload` adds modules node imports first (as a
 * bench's memory report). The tests, the bench and the reliability suite all run the CLI through it.
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { preload?: string[] } = {},
): Promise<{ status: number | null; output: string }> {
  const preload = (options.preload ?? []).flatMap((module) => ['--import', module]);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...preload, path.join(root, 'apps/server/src/cli.ts'), ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}
