// A worker process for pg-boss-jobs.test.ts: takes one job of the queue named in argv and never finishes
// it, until the test kills the process (as the OOM killer or a lost machine would).
import pino from 'pino';
import { PgBossJobs } from './pg-boss-jobs.js';

const [connectionString, queue] = process.argv.slice(2);
if (!connectionString || !queue) throw new Error('usage: hanging-worker.fixture.ts <database url> <queue>');
const jobs = new PgBossJobs(
  { connectionString, supervise: false, leaseSeconds: 2, pollSeconds: 0.5 },
  pino({ level: 'silent' }),
);
await jobs.start();
await jobs.work(queue, (data) => {
  process.stdout.write(`took ${String(data.n)}\n`);
  return new Promise(() => {});
});
