import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import type { SandboxGateway } from '../../payments/sandbox-gateway.js';
import { seedDemo } from '../../seed/seed.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { startReconciliation } from './reconcile-timer.js';

// The server's reconciliation job (jobs/run-jobs.ts) on the embedded start's in-process runner: a pass 10 s after start, then every 5 minutes; a pass
// still running when the next is due is not doubled; a pass that throws is logged and the next one runs;
// closing the app stops it. Only the timers are faked: the database, the sandbox gateway and the clock
// the orders are dated by are real.

const realSetTimeout = globalThis.setTimeout;
const sleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let databaseClosed = false;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  database = await createTestDatabase();
  databaseClosed = false;
  const config = { ...testConfig(), database: database.config };
  dataDir = config.dataDir;
  app = await buildApp({ config, database, logger: false });
  await startReconciliation(app);
  await app.deps.jobs.start();
  await app.ready();
  await seedDemo(database.db);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await app.close();
  if (!databaseClosed) await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** An order paid at the sandbox whose verify call and webhook never arrived, opened 20 minutes ago. */
async function paidButUnconfirmed(courseIndex: number): Promise<string> {
  const user = await createSignedInUser(database.db);
  const headers = { cookie: user.cookie, origin: new URL(app.deps.config.publicUrl).origin };
  const course = demoCourses[courseIndex];
  await app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId: course?._id } });
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: { amount: course?.price, name: 'Asha', email: user.email },
  });
  expect(res.statusCode).toBe(200);
  const { orderId, order_id } = res.json() as { orderId: string; order_id: string };
  await (app.deps.gateway as SandboxGateway).pay(order_id, 'captured');
  await database.db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('id', '=', orderId)
    .execute();
  return orderId;
}
const status = async (orderId: string) =>
  (await database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
/** Waits (in real time) for a pass started by a fake tick to finish its work. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}
const passLines = (info: { mock: { calls: unknown[][] } }) =>
  info.mock.calls.filter((call) => call[1] === 'payment reconciliation pass');

it('runs a pass 10 seconds after start and then every 5 minutes', async () => {
  const first = await paidButUnconfirmed(0);
  vi.advanceTimersByTime(9_999);
  await sleep(300);
  expect(await status(first)).toBe('created');
  vi.advanceTimersByTime(1);
  expect(await eventually(async () => (await status(first)) === 'paid')).toBe(true);

  const second = await paidButUnconfirmed(1);
  vi.advanceTimersByTime(300_000 - 10_000 - 1);
  await sleep(300);
  expect(await status(second)).toBe('created');
  vi.advanceTimersByTime(1);
  expect(await eventually(async () => (await status(second)) === 'paid')).toBe(true);
});

it('does not start a second pass while one is still running', async () => {
  const info = vi.spyOn(app.log, 'info');
  const order = await paidButUnconfirmed(2);
  // The pass at 10 s starts and is still at its first query when the one at 5 minutes is due.
  vi.advanceTimersByTime(300_000);
  expect(await eventually(async () => (await status(order)) === 'paid')).toBe(true);
  await sleep(300);
  expect(passLines(info)).toHaveLength(1);
  expect(passLines(info)[0]?.[0]).toMatchObject({ checked: 1, fulfilled: 1 });
});

it('logs a pass that fails, and the next pass runs all the same', async () => {
  const error = vi.spyOn(app.log, 'error');
  const failures = () => error.mock.calls.filter((call) => call[1] === 'payment reconciliation failed');
  await database.close();
  databaseClosed = true;
  vi.advanceTimersByTime(10_000);
  expect(await eventually(async () => failures().length === 1)).toBe(true);
  expect(failures()[0]?.[0]).toMatchObject({ err: expect.any(Error) });
  vi.advanceTimersByTime(300_000);
  expect(await eventually(async () => failures().length === 2)).toBe(true);
});

it('stops when the app closes', async () => {
  const order = await paidButUnconfirmed(3);
  await app.close();
  vi.advanceTimersByTime(10_000 + 300_000);
  await sleep(500);
  expect(await status(order)).toBe('created');
});
