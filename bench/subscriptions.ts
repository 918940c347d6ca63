import path from 'node:path';
import { runCli } from '../apps/server/test/run-cli.js';
import type { BenchData } from './fixtures.js';
import { post, type Running, root } from './shop-process.js';

/** The demo membership (seed/seed-plans.ts): ₹999 a month after a seven-day trial, every course. */
const DEMO_PLAN_ID = '64a1f0c2b7e4d1a2c3e5c001';

/**
 * Subscribe-and-verify (issue 34): `count` learners, `concurrency` at a time, each subscribing to the demo
 * plan, authorising the mandate in the sandbox (as its checkout widget does) and verifying the checkout's
 * answer, as a browser does. Every one of them ends with a trial membership that the renewal run charges.
 */
export async function subscribeAndVerify(shop: Running, data: BenchData, count: number, concurrency = 32) {
  const learners = data.learners(count);
  let next = 0;
  let completed = 0;
  let errors = 0;
  const firstErrors: string[] = [];
  const worker = async () => {
    while (next < learners.length) {
      const learner = learners[next++];
      if (!learner) return;
      try {
        const made = await post(`${shop.url}/api/subscriptions`, learner.token, { planId: DEMO_PLAN_ID });
        if (made.status !== 201) throw new Error(`subscribe ${made.status} ${JSON.stringify(made.json)}`);
        const paid = await post(`${shop.url}/api/sandbox/pay`, learner.token, {
          subscription_id: made.json.gatewaySubscriptionId,
          outcome: 'captured',
        });
        if (paid.status !== 200) throw new Error(`sandbox authorise ${paid.status} ${JSON.stringify(paid.json)}`);
        const { ok: _ok, ...answer } = paid.json;
        const verified = await post(`${shop.url}/api/subscriptions/verify`, learner.token, answer);
        if (verified.status !== 200) throw new Error(`verify ${verified.status} ${JSON.stringify(verified.json)}`);
        completed++;
      } catch (error) {
        errors++;
        if (firstErrors.length < 3) firstErrors.push((error as Error).message);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - started) / 1000;
  return {
    subscriptions: completed,
    errors,
    seconds: Math.round(seconds),
    perSecond: Math.round(completed / seconds),
    firstErrors,
  };
}

/**
 * A renewal run as an operator's test shop makes it: `npm run cli -- sandbox:renew --days 8` in a process
 * of its own beside the running shop (the demo plan's trials are then over, so every subscription made
 * above is due): each charge, its webhooks into the shop's handler, the charges recorded, the mail
 * written. Its wall time, its CPU time (the yardstick: other work on the machine hardly moves it) and
 * the process's peak resident memory (`maxRSS`), both reported by the process itself as it exits.
 */
export async function renewalRun(
  dataDir: string,
): Promise<{ seconds: number; cpuSeconds: number; peakRssMb: number; output: string }> {
  const started = Date.now();
  const { status, output } = await runCli(
    ['sandbox:renew', '--days', '8'],
    { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    { preload: [path.join(root, 'bench/report-peak-memory.mjs')] },
  );
  const peak = /peak-rss-kb (\d+)/.exec(output);
  const cpu = /cpu-ms (\d+)/.exec(output);
  if (status !== 0 || !peak || !cpu) throw new Error(`sandbox:renew exited ${status}: ${output.slice(-2000)}`);
  return {
    seconds: Math.round((Date.now() - started) / 100) / 10,
    cpuSeconds: Math.round(Number(cpu[1]) / 100) / 10,
    peakRssMb: Math.round(Number(peak[1]) / 1024),
    output: output.replace(/(peak-rss-kb|cpu-ms) \d+\n?/g, '').trim(),
  };
}
