import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.js';
import { createSignedInUser, type TestApp, type TestUser } from '../../../test/helpers.js';
import { orderEvents } from '../../../test/order-records.js';
import { createPaymentsApp, demoLines, newCoupon, shopRequests } from '../../../test/payments-kit.js';
import { reconcilePayments } from './reconcile-payments.js';

// The reconciliation pass (reconcile-payments.ts) against a Razorpay stand-in: what it fulfils, expires,
// leaves alone, refunds and flags, the report it answers and the lines it logs. A fresh app per test, so
// every test compiles the prepared statements it runs.

let fake: FakeRazorpay;
let t: TestApp;
let lines: Record<string, unknown>[];
let log: pino.Logger;
const [c1, c2, c3, c4] = demoLines;
const MINUTE = 60_000;

beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.mode = 'up';
  t = await createPaymentsApp(fake);
  lines = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  log = pino({ level: 'info' }, sink);
});
afterEach(async () => {
  fake.mode = 'up';
  await t.close();
});

const { post, deliver } = shopRequests(() => t);

/** A buyer's checkout of these courses (each buyer's latest checkout supersedes their earlier ones). */
async function checkout(user: TestUser, courses: { id: string; rupees: number }[], couponId: string | null = null) {
  for (const course of courses) await post('/api/cart/add', user, { courseId: course.id });
  const subtotal = courses.reduce((sum, course) => sum + course.rupees, 0);
  const res = await post('/api/create-order', user, {
    amount: couponId ? subtotal / 2 : subtotal,
    name: 'Asha Patel',
    email: user.email,
    discountCouponId: couponId,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { orderId: string; order_id: string };
}
async function newOrder(courses: { id: string; rupees: number }[], couponId: string | null = null) {
  const user = await createSignedInUser(t.database.db);
  return { user, ...(await checkout(user, courses, couponId)) };
}
const order = (orderId: string) =>
  t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const status = async (orderId: string) => (await order(orderId)).status;
const events = (orderId: string) =>
  orderEvents(t.database.db, orderId, ['from_status', 'to_status', 'source', 'note'], {}, ['created_at', 'id']);
const reconcileEvents = async (orderId: string) =>
  (await events(orderId)).filter((event) => event.source === 'reconcile');
const activeCourses = async (userId: string) =>
  (
    await t.database.db
      .selectFrom('enrolments')
      .select('course_id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  ).map((row) => row.course_id);
const backdate = (orderId: string, ms: number) =>
  t.database.db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where('id', '=', orderId)
    .execute();
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const passLines = () => lines.filter((line) => line.msg === 'payment reconciliation pass');

describe('orders awaiting payment', () => {
  it('fulfils a captured payment, expires an order with none, and reports each', async () => {
    const paid = await newOrder([c1]);
    fake.pay(paid.order_id);
    const unpaid = await newOrder([c2]);
    const failed = await newOrder([c3]);
    fake.pay(failed.order_id, 'failed');
    // The failed attempt reached the shop by webhook: that order is `attempted`.
    const hook = fake.webhook('payment.failed', {
      payment: [...fake.payments.values()].find((p) => p.order_id === failed.order_id),
    });
    const delivered = await deliver(hook);
    expect(delivered.statusCode).toBe(200);
    expect(await status(failed.orderId)).toBe('attempted');

    const report = await reconcilePayments(t.app.deps, log, later(20));
    expect(report).toEqual({
      checked: 3,
      fulfilled: 1,
      expired: 2,
      unreachable: 0,
      rejected: 0,
      refunded: 0,
      flagged: 0,
    });
    expect(await status(paid.orderId)).toBe('paid');
    expect(await activeCourses(paid.user.id)).toEqual([c1.id]);
    expect(await reconcileEvents(paid.orderId)).toEqual([
      expect.objectContaining({ from_status: 'created', to_status: 'paid', source: 'reconcile' }),
    ]);
    expect(await status(unpaid.orderId)).toBe('expired');
    expect(await reconcileEvents(unpaid.orderId)).toEqual([
      { from_status: 'created', to_status: 'expired', source: 'reconcile', note: 'no captured payment at the gateway' },
    ]);
    expect(await status(failed.orderId)).toBe('expired');
    expect(await reconcileEvents(failed.orderId)).toEqual([
      {
        from_status: 'attempted',
        to_status: 'expired',
        source: 'reconcile',
        note: 'no captured payment at the gateway',
      },
    ]);
    expect(await activeCourses(unpaid.user.id)).toEqual([]);
    expect(passLines()).toEqual([expect.objectContaining({ level: 30, checked: 3, fulfilled: 1, expired: 2 })]);

    // The next pass looks again, for a day, for late payments of the orders it expired: none, no change.
    const again = await reconcilePayments(t.app.deps, log, later(20));
    expect(again).toMatchObject({ checked: 2, fulfilled: 0, expired: 0 });
    expect(await reconcileEvents(unpaid.orderId)).toHaveLength(1);
  });

  it('leaves alone orders younger than 15 minutes and free orders', async () => {
    const young = await newOrder([c1]);
    fake.pay(young.order_id);
    const coupon = await newCoupon(t.database.db, 'FREE', 100);
    const buyer = await createSignedInUser(t.database.db);
    await post('/api/cart/add', buyer, { courseId: c2.id });
    const free = await post('/api/create-order', buyer, {
      amount: 0,
      name: 'Asha Patel',
      email: buyer.email,
      discountCouponId: coupon.id,
    });
    expect(free.statusCode).toBe(200);
    // A free order left unpaid (its fulfilment interrupted) has no gateway order to look up.
    await t.database.db
      .updateTable('orders')
      .set({ status: 'created' })
      .where('id', '=', free.json().orderId)
      .execute();
    await backdate(free.json().orderId, 60 * MINUTE);

    const report = await reconcilePayments(t.app.deps, log, later(14));
    expect(report.checked).toBe(0);
    expect(await status(young.orderId)).toBe('created');
    expect(passLines()).toEqual([]);
    expect((await reconcilePayments(t.app.deps, log, later(15))).checked).toBe(1);
    expect(await status(young.orderId)).toBe('paid');
  });

  it("an expired order's reservation of its coupon is released", async () => {
    const coupon = await newCoupon(t.database.db, 'HALF', 50);
    const unpaid = await newOrder([c1], coupon.id);
    const reservations = () =>
      t.database.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', unpaid.orderId).execute();
    expect(await reservations()).toHaveLength(1);
    await reconcilePayments(t.app.deps, log, later(20));
    expect(await status(unpaid.orderId)).toBe('expired');
    expect(await reservations()).toEqual([]);
  });

  it('a captured payment of another amount does not fulfil the order', async () => {
    const short = await newOrder([c1]);
    const paid = fake.pay(short.order_id);
    const payment = fake.payments.get(paid.razorpay_payment_id);
    if (payment) payment.amount -= 100;
    const report = await reconcilePayments(t.app.deps, log, later(20));
    expect(report).toMatchObject({ checked: 1, fulfilled: 0, expired: 1 });
    expect(await activeCourses(short.user.id)).toEqual([]);
  });

  it('a superseded order paid late is looked for during a day, then no more', async () => {
    const user = await createSignedInUser(t.database.db);
    const first = await checkout(user, [c1]);
    await post('/api/cart/remove', user, { courseId: c1.id });
    const second = await checkout(user, [c2]);
    expect(await status(first.orderId)).toBe('expired');
    fake.pay(first.order_id);
    await backdate(first.orderId, 23 * 60 * MINUTE);
    await backdate(second.orderId, 23 * 60 * MINUTE);
    // Another buyer's order superseded a day and more ago, paid as late: not looked for.
    const other = await createSignedInUser(t.database.db);
    const stale = await checkout(other, [c3]);
    await post('/api/cart/remove', other, { courseId: c3.id });
    await checkout(other, [c4]);
    fake.pay(stale.order_id);
    await backdate(stale.orderId, 25 * 60 * MINUTE);

    const report = await reconcilePayments(t.app.deps, log);
    // first (expired, paid: fulfilled), second (open, unpaid: expired); other's open order is too young.
    expect(report).toMatchObject({ checked: 2, fulfilled: 1, expired: 1 });
    expect(await status(first.orderId)).toBe('paid');
    expect(await activeCourses(user.id)).toEqual([c1.id]);
    expect(await status(second.orderId)).toBe('expired');
    expect(await status(stale.orderId)).toBe('expired');
    expect(await activeCourses(other.id)).toEqual([]);
  });

  it('an expired order with no payment stays expired, with nothing added to its history', async () => {
    const user = await createSignedInUser(t.database.db);
    const first = await checkout(user, [c1]);
    await post('/api/cart/remove', user, { courseId: c1.id });
    await checkout(user, [c2]);
    const before = await events(first.orderId);
    const report = await reconcilePayments(t.app.deps, log, later(20));
    expect(report).toMatchObject({ checked: 2, expired: 1, fulfilled: 0 });
    expect(await status(first.orderId)).toBe('expired');
    expect(await events(first.orderId)).toEqual(before);
  });
});

describe('two passes at once (two processes, or a slow pass overlapping the next)', () => {
  it('fulfil a paid order once and expire an unpaid one once', async () => {
    const paid = await newOrder([c1]);
    fake.pay(paid.order_id);
    const unpaid = await newOrder([c2]);
    const reports = await Promise.all([
      reconcilePayments(t.app.deps, log, later(20)),
      reconcilePayments(t.app.deps, log, later(20)),
    ]);
    expect(reports.map((report) => report.checked)).toEqual([2, 2]);
    expect(reports.reduce((sum, report) => sum + report.fulfilled, 0)).toBe(1);
    expect(reports.reduce((sum, report) => sum + report.expired, 0)).toBe(1);
    expect(await status(paid.orderId)).toBe('paid');
    expect(await status(unpaid.orderId)).toBe('expired');
    expect(await reconcileEvents(unpaid.orderId)).toHaveLength(1);
    expect(await reconcileEvents(paid.orderId)).toHaveLength(1);
  });
});

describe('when the gateway cannot answer', () => {
  it('an unreachable gateway leaves every order as it was and is counted', async () => {
    const a = await newOrder([c1]);
    fake.pay(a.order_id);
    const b = await newOrder([c2]);
    fake.mode = 'down';
    const report = await reconcilePayments(t.app.deps, log, later(20));
    expect(report).toMatchObject({ checked: 2, unreachable: 2, fulfilled: 0, expired: 0, rejected: 0 });
    expect(await status(a.orderId)).toBe('created');
    expect(await status(b.orderId)).toBe('created');
  });

  it('an order the gateway does not know is logged and skipped: the orders after it are still reconciled', async () => {
    // Left behind by a change of Razorpay account: the gateway refuses to look it up.
    const orphan = await newOrder([c1]);
    await t.database.db
      .updateTable('orders')
      .set({ gateway_order_id: 'order_unknownhere1' })
      .where('id', '=', orphan.orderId)
      .execute();
    await backdate(orphan.orderId, 30 * MINUTE);
    const paid = await newOrder([c2]);
    fake.pay(paid.order_id);

    const report = await reconcilePayments(t.app.deps, log, later(20));
    expect(report).toMatchObject({ checked: 2, fulfilled: 1, rejected: 1, unreachable: 0, expired: 0 });
    expect(await status(paid.orderId)).toBe('paid');
    expect(await status(orphan.orderId)).toBe('created');
    expect(lines.filter((line) => line.msg === 'gateway refused an order lookup')).toEqual([
      expect.objectContaining({ level: 40, orderId: orphan.orderId, gatewayOrderId: 'order_unknownhere1' }),
    ]);
  });
});

describe('refunds still due', () => {
  it('are retried and counted, and a pass that only refunds still logs its report', async () => {
    const user = await createSignedInUser(t.database.db);
    const first = await checkout(user, [c1]);
    const second = await checkout(user, [c1, c2]);
    expect((await post('/api/verify-payment', user, fake.pay(second.order_id))).statusCode).toBe(200);
    const late = fake.pay(first.order_id);
    fake.mode = 'down';
    const hook = fake.webhook('payment.captured', { payment: fake.payments.get(late.razorpay_payment_id) });
    await t.app.inject({ method: 'POST', url: '/api/webhooks/razorpay', headers: hook.headers, payload: hook.body });
    fake.mode = 'up';
    expect(await status(first.orderId)).toBe('paid');

    // Now: nothing is 15 minutes old; the refund is due.
    const report = await reconcilePayments(t.app.deps, log);
    expect(report).toMatchObject({ checked: 0, refunded: 1, flagged: 0 });
    expect(await status(first.orderId)).toBe('refunded');
    expect(passLines()).toEqual([expect.objectContaining({ checked: 0, refunded: 1 })]);
    expect(await reconcileEvents(first.orderId)).toEqual([
      expect.objectContaining({ from_status: 'paid', to_status: 'refunded', source: 'reconcile' }),
    ]);
    expect((await reconcilePayments(t.app.deps, log)).refunded).toBe(0);
  });
});

describe('orders paid on the browser’s word', () => {
  async function verifiedOrder(courses: { id: string; rupees: number }[], failedFirst = false) {
    const placed = await newOrder(courses);
    if (failedFirst) fake.pay(placed.order_id, 'failed');
    const paid = fake.pay(placed.order_id);
    expect((await post('/api/verify-payment', placed.user, paid)).statusCode).toBe(200);
    return { ...placed, paymentId: paid.razorpay_payment_id };
  }

  it('are checked once at the gateway after 15 minutes: a captured payment is noted as confirmed', async () => {
    // A failed attempt came first: the payment checked is the one the order was paid with.
    const a = await verifiedOrder([c1], true);
    expect((await reconcilePayments(t.app.deps, log, later(14))).flagged).toBe(0);
    expect(await reconcileEvents(a.orderId)).toEqual([]);
    const report = await reconcilePayments(t.app.deps, log, later(16));
    expect(report).toMatchObject({ checked: 0, flagged: 0 });
    const noted = [
      {
        from_status: 'paid',
        to_status: 'paid',
        source: 'reconcile',
        note: `payment ${a.paymentId} confirmed captured at the gateway`,
      },
    ];
    expect(await reconcileEvents(a.orderId)).toEqual(noted);
    await reconcilePayments(t.app.deps, log, later(30));
    expect(await reconcileEvents(a.orderId)).toEqual(noted);
    expect(lines.filter((line) => line.level === 50)).toEqual([]);
  });

  it('a payment refunded, of another amount, or unknown at the gateway is flagged, logged, and counted', async () => {
    const refunded = await verifiedOrder([c1]);
    const payment = fake.payments.get(refunded.paymentId);
    if (payment) payment.status = 'refunded';
    const short = await verifiedOrder([c2]);
    const shortPayment = fake.payments.get(short.paymentId);
    if (shortPayment) shortPayment.amount = 100;
    const unknown = await verifiedOrder([c3]);
    fake.payments.delete(unknown.paymentId);

    const report = await reconcilePayments(t.app.deps, log, later(20));
    expect(report).toMatchObject({ checked: 0, flagged: 3 });
    const note = async (orderId: string) => (await reconcileEvents(orderId)).map((event) => event.note);
    expect(await note(refunded.orderId)).toEqual([
      `FLAGGED: payment ${refunded.paymentId} is refunded (${c1.rupees * 100} paise) at the gateway, not captured; check it before trusting this order`,
    ]);
    expect(await note(short.orderId)).toEqual([
      `FLAGGED: payment ${short.paymentId} is captured (100 paise) at the gateway, not captured; check it before trusting this order`,
    ]);
    expect(await note(unknown.orderId)).toEqual([
      `FLAGGED: payment ${unknown.paymentId} is unknown at the gateway, not captured; check it before trusting this order`,
    ]);
    const errors = lines.filter((line) => line.msg === 'paid order not captured at the gateway');
    expect(errors).toHaveLength(3);
    expect(errors).toContainEqual(
      expect.objectContaining({
        level: 50,
        orderId: refunded.orderId,
        payment: refunded.paymentId,
        atGateway: expect.objectContaining({ id: refunded.paymentId, status: 'refunded' }),
      }),
    );
    expect(passLines()).toEqual([expect.objectContaining({ flagged: 3, checked: 0, refunded: 0 })]);
    // Flagged once: the next pass does not ask again.
    expect((await reconcilePayments(t.app.deps, log, later(40))).flagged).toBe(0);
  });

  it('orders confirmed by webhook, refunded since, or unreachable now are not flagged', async () => {
    const byHook = await newOrder([c1]);
    const paid = fake.pay(byHook.order_id);
    const hook = fake.webhook('payment.captured', { payment: fake.payments.get(paid.razorpay_payment_id) });
    await t.app.inject({ method: 'POST', url: '/api/webhooks/razorpay', headers: hook.headers, payload: hook.body });
    expect(await status(byHook.orderId)).toBe('paid');
    const byHookPayment = fake.payments.get(paid.razorpay_payment_id);
    if (byHookPayment) byHookPayment.status = 'failed';

    const unreachable = await verifiedOrder([c2]);
    fake.mode = 'down';
    const report = await reconcilePayments(t.app.deps, log, later(20));
    expect(report).toMatchObject({ flagged: 0, unreachable: 1 });
    expect(await reconcileEvents(unreachable.orderId)).toEqual([]);
    fake.mode = 'up';
    expect((await reconcilePayments(t.app.deps, log, later(20))).flagged).toBe(0);
    expect(await reconcileEvents(unreachable.orderId)).toHaveLength(1);
    expect(await reconcileEvents(byHook.orderId)).toEqual([]);
  });
});
