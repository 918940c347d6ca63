import { spawnSync } from 'node:child_process';
import { root } from './server-process';

export interface ReconcileRun {
  checked: number;
  fulfilled: number;
  expired: number;
  unreachable: number;
  output: string;
}

/** The operator's `npm run cli -- payments:reconcile`, with the server's own environment. */
export function runReconcileCli(env: NodeJS.ProcessEnv): ReconcileRun {
  const run = spawnSync('npm', ['run', '--silent', 'cli', '--', 'payments:reconcile'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`payments:reconcile failed (${run.status}):\n${output}`);
  const match = /Checked (\d+) pending order\(s\): (\d+) fulfilled, (\d+) expired, (\d+) not reachable/.exec(output);
  if (!match) throw new Error(`unexpected payments:reconcile output:\n${output}`);
  const [checked, fulfilled, expired, unreachable] = match.slice(1).map(Number) as [number, number, number, number];
  return { checked, fulfilled, expired, unreachable, output };
}
