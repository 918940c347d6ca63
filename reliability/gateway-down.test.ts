import { messages } from '@shop/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DbHandle } from '../apps/server/src/db/database';
import { type FakeRazorpay, startFakeRazorpay } from '../apps/server/test/fake-razorpay';
import { createSignedInUser } from '../apps/server/test/helpers';
import { openServerDatabase } from './support/databases';
import { LearnerClient, newCallStats } from './support/http-client';
import { type ServerProcess, startServer } from './support/server-process';
import { recordTally } from './support/tally';

let razorpay: FakeRazorpay;
let server: ServerProcess;
let database: DbHandle;
const stats = newCallStats();

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  server = await startServer({
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
  });
  database = openServerDatabase(server.env);
});

afterAll(async () => {
  recordTally('gateway-down', { requests: stats.requests });
  await database?.close();
  await server?.stop();
  server?.dispose();
  razorpay.mode = 'up';
  await razorpay?.close();
});

async function counts() {
  const orders = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const redemptions = await database.db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { orders: Number(orders.n), redemptions: Number(redemptions.n) };
}

/** A learner with one course in the cart, checking out with WELCOME10 so a coupon reservation is at stake. */
async function checkoutBody(client: LearnerClient, user: { username: string; email: string }) {
  const list = await client.call('GET', '/api/courses');
  const course = list.body.courses[0];
  await client.call('POST', '/api/cart/add', { courseId: course._id });
  const coupon = (await client.call('GET', '/api/coupon/WELCOME10')).body.coupon;
  const pricePaise = Math.round(course.price * 100);
  const discount = Math.round((pricePaise * coupon.discountPercentage) / 100);
  return {
    amount: (pricePaise - discount) / 100,
    name: user.username,
    email: user.email,
    courseId: course._id,
    discountCouponId: coupon.id,
  };
}

for (const mode of ['down', 'slow'] as const) {
  test(`gateway ${mode}: create-order answers a clear 503 within 10 s and writes nothing; once it is back, checkout works`, async () => {
    const user = await createSignedInUser(database.db);
    const client = new LearnerClient(server.url, server.origin, user.token, stats);
    const body = await checkoutBody(client, user);
    const before = await counts();

    razorpay.mode = mode;
    razorpay.delayMs = 12_000;
    const started = Date.now();
    const refused = await client.call('POST', '/api/create-order', body, [503]);
    const elapsed = Date.now() - started;
    razorpay.mode = 'up';

    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ ok: false, message: messages.gatewayUnavailable });
    expect(elapsed).toBeLessThan(10_000);
    expect(await counts()).toEqual(before);
    console.log(`[gateway-${mode}] 503 after ${elapsed} ms`);

    const accepted = await client.call('POST', '/api/create-order', body);
    expect(accepted.status).toBe(200);
    expect(accepted.body.mode).toBe('razorpay');
    expect(await counts()).toEqual({ orders: before.orders + 1, redemptions: before.redemptions + 1 });
  });
}

test('no server error was logged', () => {
  expect(server.errorLines()).toEqual([]);
});
