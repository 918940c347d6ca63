import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@shop/shared';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { orderEvents } from '../../../test/order-records.js';
import { demoLines, newCoupon, usePaymentsShop } from '../../../test/payments-kit.js';
import { createCoupon } from '../coupons/create-coupon.js';
import { reconcilePayments } from './reconcile-payments.js';

const log = pino({ level: 'silent' });
const [c1, c2, c3] = demoLines;

const { t, fake, post } = usePaymentsShop('file');
afterEach(() => {
  fake.mode = 'up';
});

async function buyer(courses = [c1, c2]): Promise<TestUser> {
  const user = await createSignedInUser(t.database.db);
  for (const course of courses)
    expect((await post('/api/cart/add', user, { courseId: course?.id })).statusCode).toBe(200);
  return user;
}

const checkout = (user: TestUser, amount: number, discountCouponId: string | null = null) =>
  post('/api/create-order', user, {
    amount,
    name: 'Asha Patel',
    email: user.email,
    courseId: '',
    userId: 'someone-else',
    validDiscount: 0,
    discountCouponId,
  });

async function enrolments(userId: string) {
  return t.database.db
    .selectFrom('enrolments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
async function orderRow(orderId: string) {
  return t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}
const total = (...courses: (typeof c1)[]) => courses.reduce((sum, course) => sum + (course?.rupees ?? 0), 0);

describe('create-order', () => {
  it('prices the cart itself and sends our total in paise to Razorpay', async () => {
    const user = await buyer();
    const res = await checkout(user, total(c1, c2));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      amount: total(c1, c2) * 100,
      currency: 'INR',
      key_id: fake.keyId,
      mode: 'razorpay',
      paid: false,
    });
    expect(body.userId).toBe(user.id);
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders').at(-1);
    expect(sent?.body).toMatchObject({
      amount: total(c1, c2) * 100,
      currency: 'INR',
      receipt: body.orderId,
      notes: { orderId: body.orderId },
    });
    expect(fake.orders.get(body.order_id)?.amount).toBe(total(c1, c2) * 100);
  });

  it('refuses a tampered amount with 409 and creates nothing, here or at the gateway', async () => {
    const user = await buyer();
    const before = fake.requests.length;
    const res = await checkout(user, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The total of your cart has changed. Please review your cart and try again.');
    expect(fake.requests.length).toBe(before);
    expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('reuses the pending order for an unchanged cart', async () => {
    const user = await buyer();
    const first = (await checkout(user, total(c1, c2))).json();
    const second = (await checkout(user, total(c1, c2))).json();
    expect(second.orderId).toBe(first.orderId);
    expect(second.order_id).toBe(first.order_id);
  });

  it('refuses an empty cart and a visitor', async () => {
    const user = await createSignedInUser(t.database.db);
    expect((await checkout(user, 0)).statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/create-order',
      payload: { amount: 1, name: 'x', email: 'a@b.co' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers a clear 503 within seconds when the gateway is down, leaving nothing half-written', async () => {
    const user = await buyer([c3]);
    fake.mode = 'down';
    const started = Date.now();
    const res = await checkout(user, total(c3));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Nothing was charged/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const user = await buyer([c3]);
    for (const amount of [-5, 'abc', Number.NaN, 12.345, 1e12]) {
      const res = await post('/api/create-order', user, { amount, name: 'A', email: user.email });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toMatch(/amount/);
    }
  });
});

/** A signature that differs from the real one in its last hex digit, whatever that digit is. */
const flipLastHex = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;

describe('verify-payment', () => {
  async function paidOrder() {
    const user = await buyer();
    const order = (await checkout(user, total(c1, c2))).json();
    const payment = fake.pay(order.order_id);
    return { user, order, payment };
  }

  it('grants access, records the payment, empties the cart and mails a confirmation once', async () => {
    const { user, order, payment } = await paidOrder();
    const res = await post('/api/verify-payment', user, { ...payment, amount: total(c1, c2), currency: 'INR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, orderId: order.orderId });
    expect((await enrolments(user.id)).map((e) => e.course_id).sort()).toEqual([c1?.id, c2?.id].sort());
    expect((await orderRow(order.orderId)).status).toBe('paid');
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie: user.cookie } })).json();
    expect(cart.cart.courses).toEqual([]);
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('to_address', '=', user.email)
      .execute();
    expect(mails).toEqual([{ subject: `Your TradeSkool order ${order.orderId}` }]);
    await t.app.deps.mail.deliverPending();
    const delivered = fs
      .readdirSync(path.join(t.config.dataDir, 'outbox'))
      .map((file) => fs.readFileSync(path.join(t.config.dataDir, 'outbox', file), 'utf8'))
      .filter((raw) => raw.includes(order.orderId));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain('/enrolled-courses');
  });

  it.each([
    [
      'a tampered signature',
      (p: { razorpay_signature: string }) => ({ ...p, razorpay_signature: flipLastHex(p.razorpay_signature) }),
    ],
    ['a missing signature', (p: object) => ({ ...p, razorpay_signature: '' })],
    ['another payment id', (p: object) => ({ ...p, razorpay_payment_id: 'pay_forged000000' })],
  ])('refuses %s with 400 and writes nothing', async (_name, tamper) => {
    const { user, order, payment } = await paidOrder();
    const res = await post('/api/verify-payment', user, tamper(payment));
    expect(res.statusCode).toBe(400);
    expect(await enrolments(user.id)).toEqual([]);
    expect((await orderRow(order.orderId)).status).toBe('created');
    expect(
      await t.database.db.selectFrom('payments').select('id').where('order_id', '=', order.orderId).execute(),
    ).toEqual([]);
  });

  it("refuses someone else's order", async () => {
    const { user, payment } = await paidOrder();
    const stranger = await createSignedInUser(t.database.db);
    const res = await post('/api/verify-payment', stranger, payment);
    expect(res.statusCode).toBe(404);
    expect(await enrolments(stranger.id)).toEqual([]);
    expect(await enrolments(user.id)).toEqual([]);
  });

  it('replayed 5 times in a row and 10 at once, grants once', async () => {
    const { user, order, payment } = await paidOrder();
    for (let i = 0; i < 5; i++) expect((await post('/api/verify-payment', user, payment)).statusCode).toBe(200);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => post('/api/verify-payment', user, payment)));
    expect(concurrent.every((res) => res.statusCode === 200)).toBe(true);
    expect(await enrolments(user.id)).toHaveLength(2);
    const events = await orderEvents(t.database.db, order.orderId, ['to_status'], { toStatus: 'paid' });
    expect(events).toHaveLength(1);
    expect(
      await t.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', user.email).execute(),
    ).toHaveLength(1);
  });
});

describe('webhooks', () => {
  const deliver = (hook: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/razorpay', headers: hook.headers, payload: hook.body });

  async function capturedOrder() {
    const user = await buyer();
    const order = (await checkout(user, total(c1, c2))).json();
    const payment = fake.pay(order.order_id);
    const entity = fake.payments.get(payment.razorpay_payment_id);
    return { user, order, payment, entity };
  }

  it('a payment.captured webhook alone grants access', async () => {
    const { user, order, entity } = await capturedOrder();
    const res = await deliver(fake.webhook('payment.captured', { payment: entity }));
    expect(res.statusCode).toBe(200);
    expect(await enrolments(user.id)).toHaveLength(2);
    expect((await orderRow(order.orderId)).status).toBe('paid');
  });

  it('an order.paid webhook alone grants access', async () => {
    const { user, order, entity } = await capturedOrder();
    const res = await deliver(fake.webhook('order.paid', { payment: entity, order: fake.orders.get(order.order_id) }));
    expect(res.statusCode).toBe(200);
    expect(await enrolments(user.id)).toHaveLength(2);
  });

  it('refuses a bad or missing signature with 400 and writes nothing', async () => {
    const { user, entity } = await capturedOrder();
    const hook = fake.webhook('payment.captured', { payment: entity });
    expect(
      (await deliver({ ...hook, headers: { ...hook.headers, 'x-razorpay-signature': 'ab'.repeat(32) } })).statusCode,
    ).toBe(400);
    const { 'x-razorpay-signature': _dropped, ...unsigned } = hook.headers;
    expect((await deliver({ ...hook, headers: unsigned })).statusCode).toBe(400);
    expect((await deliver({ body: `${hook.body} `, headers: hook.headers })).statusCode).toBe(400);
    expect(await enrolments(user.id)).toEqual([]);
    const id = hook.headers['x-razorpay-event-id'] ?? '';
    expect(
      await t.database.db.selectFrom('webhook_events').select('event_id').where('event_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('the same event id three times is processed once', async () => {
    const { user, order } = await capturedOrder();
    const failedPayment = fake.pay(order.order_id, 'failed');
    const hook = fake.webhook('payment.failed', { payment: fake.payments.get(failedPayment.razorpay_payment_id) });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await deliver(hook)).json());
    expect(answers.map((a) => a.duplicate)).toEqual([false, true, true]);
    const events = await orderEvents(t.database.db, order.orderId, ['note'], { noteLike: '%failed%' });
    expect(events).toHaveLength(1);
    expect(await enrolments(user.id)).toEqual([]);
  });

  it('webhook and verify racing grant once', async () => {
    const { user, order, payment, entity } = await capturedOrder();
    const results = await Promise.all([
      deliver(fake.webhook('payment.captured', { payment: entity })),
      post('/api/verify-payment', user, payment),
      deliver(fake.webhook('order.paid', { payment: entity, order: fake.orders.get(order.order_id) })),
      post('/api/verify-payment', user, payment),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await enrolments(user.id)).toHaveLength(2);
    const paid = await orderEvents(t.database.db, order.orderId, ['to_status'], { toStatus: 'paid' });
    expect(paid).toHaveLength(1);
  });

  it('payment.failed after paid does not undo the order', async () => {
    const { user, order, payment } = await capturedOrder();
    await post('/api/verify-payment', user, payment);
    const late = fake.pay(order.order_id, 'failed');
    expect(
      (await deliver(fake.webhook('payment.failed', { payment: fake.payments.get(late.razorpay_payment_id) })))
        .statusCode,
    ).toBe(200);
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect(await enrolments(user.id)).toHaveLength(2);
  });

  it('a full refund.processed revokes the order’s access once', async () => {
    const { user, order, payment } = await capturedOrder();
    await post('/api/verify-payment', user, payment);
    const entity = fake.payments.get(payment.razorpay_payment_id);
    if (entity) {
      entity.amount_refunded = entity.amount;
      entity.status = 'refunded';
    }
    const refund = { id: 'rfnd_full0000001', payment_id: payment.razorpay_payment_id, amount: entity?.amount };
    const hook = fake.webhook('refund.processed', { refund, payment: entity });
    expect((await deliver(hook)).statusCode).toBe(200);
    expect((await deliver(fake.webhook('refund.processed', { refund, payment: entity }))).statusCode).toBe(200);
    expect(await enrolments(user.id)).toEqual([]);
    expect((await orderRow(order.orderId)).status).toBe('refunded');
    expect(
      await t.database.db.selectFrom('refunds').select('id').where('order_id', '=', order.orderId).execute(),
    ).toHaveLength(1);
    const told = await t.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', user.email)
      .where('subject', 'like', '%refunded')
      .execute();
    expect(told).toEqual([{ subject: `Your TradeSkool order ${order.orderId} has been refunded` }]);
  });
});

describe('reconciliation', () => {
  it('alone fulfils an order paid at the gateway and expires an unpaid one', async () => {
    const payer = await buyer();
    const paid = (await checkout(payer, total(c1, c2))).json();
    fake.pay(paid.order_id);
    const idler = await buyer([c3]);
    const unpaid = (await checkout(idler, total(c3))).json();
    const later = new Date(Date.now() + 16 * 60_000);
    const report = await reconcilePayments(t.app.deps, log, later);
    expect(report.fulfilled).toBeGreaterThanOrEqual(1);
    expect(await enrolments(payer.id)).toHaveLength(2);
    expect((await orderRow(paid.orderId)).status).toBe('paid');
    expect((await orderRow(unpaid.orderId)).status).toBe('expired');
    expect(await enrolments(idler.id)).toEqual([]);
  });

  it('leaves orders younger than 15 minutes alone', async () => {
    const user = await buyer([c3]);
    const order = (await checkout(user, total(c3))).json();
    fake.pay(order.order_id);
    await reconcilePayments(t.app.deps, log, new Date(Date.now() + 5 * 60_000));
    expect((await orderRow(order.orderId)).status).toBe('created');
  });
});

describe('a payment whose verify call and webhook were both lost', () => {
  it('is found at the next checkout: that order is fulfilled, not superseded or paid twice', async () => {
    const user = await buyer([c1]);
    const first = (await checkout(user, total(c1))).json();
    fake.pay(first.order_id);
    expect((await post('/api/cart/add', user, { courseId: c2?.id })).statusCode).toBe(200);

    const again = await checkout(user, total(c1, c2));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.cartTotalChanged);
    expect((await orderRow(first.orderId)).status).toBe('paid');
    expect((await enrolments(user.id)).map((row) => row.course_id)).toEqual([c1?.id]);

    const next = await checkout(user, total(c2));
    expect(next.statusCode).toBe(200);
    expect(next.json().orderId).not.toBe(first.orderId);
    expect((await orderRow(first.orderId)).status).toBe('paid');
  });

  it('is found when the same cart checks out again, instead of reusing the paid order', async () => {
    const user = await buyer([c3]);
    const first = (await checkout(user, total(c3))).json();
    fake.pay(first.order_id);
    const again = await checkout(user, total(c3));
    expect(again.statusCode).toBe(409);
    expect((await orderRow(first.orderId)).status).toBe('paid');
    expect(await enrolments(user.id)).toHaveLength(1);
  });
});

describe('coupons at checkout', () => {
  let couponId: string;
  let code: string;
  beforeEach(async () => {
    code = `ONCE${Date.now().toString(36).toUpperCase()}`;
    couponId = (await createCoupon(t.database.db, { code, percent: 20, maxUses: 1 })).id;
  });

  it('a coupon limited to one use, with 20 concurrent orders, is redeemed once', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer([c3])));
    const discounted = total(c3) * 0.8;
    const results = await Promise.all(buyers.map((user) => checkout(user, discounted, couponId)));
    const accepted = results.filter((res) => res.statusCode === 200);
    expect(accepted).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(19);
    const redemptions = await t.database.db
      .selectFrom('coupon_redemptions')
      .select('id')
      .where('coupon_id', '=', couponId)
      .execute();
    expect(redemptions).toHaveLength(1);
  });

  it('a 100 % coupon enrols at once without calling the gateway', async () => {
    const free = (await newCoupon(t.database.db, 'FREE', 100)).id;
    const user = await buyer([c3]);
    const before = fake.requests.length;
    const res = await checkout(user, 0, free);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paid: true, mode: 'free', amount: 0, order_id: null });
    expect(fake.requests.length).toBe(before);
    expect(await enrolments(user.id)).toHaveLength(1);
    expect((await orderRow(res.json().orderId)).status).toBe('paid');
  });
});
