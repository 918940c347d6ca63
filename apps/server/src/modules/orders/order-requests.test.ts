import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { demoLines, orderStatus, usePaymentsShop } from '../../../test/payments-kit.js';
import { createSession } from '../../auth/session.js';
import { hmacHex } from '../../auth/signatures.js';
import { WEBHOOK_SIGNATURE_FAILED } from './handle-webhook.js';

// What the three order endpoints accept and refuse, as a browser, a visitor or Razorpay's servers call
// them. A fresh app per test: the routes are registered anew for each, so each test covers them.

const [c1] = demoLines;

const { t, fake, post } = usePaymentsShop('test');

const status = (orderId: string) => orderStatus(t.database.db, orderId);

async function checkedOut(user: TestUser) {
  expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
  const res = await post('/api/create-order', user, { amount: c1.paise / 100, name: 'Asha Patel', email: user.email });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: string; order_id: string };
}

describe('POST /api/create-order', () => {
  it('refuses a visitor with 401 and creates nothing', async () => {
    const res = await post('/api/create-order', null, { amount: c1.paise / 100, name: 'Asha', email: 'a@b.co' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, message: messages.pleaseLogIn });
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('refuses a body without an amount or with a bad one with 400 naming the field', async () => {
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
    for (const amount of [undefined, -5, 'abc', 12.345]) {
      const res = await post('/api/create-order', user, { amount, name: 'Asha', email: user.email });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().fields).toHaveProperty('amount');
    }
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('answers the order with exactly the fields of its contract', async () => {
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
    const res = await post('/api/create-order', user, { amount: c1.paise / 100, name: 'Asha', email: user.email });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'ok',
        'order_id',
        'amount',
        'name',
        'email',
        'validDiscount',
        'discountCouponId',
        'courseId',
        'userId',
        'currency',
        'key_id',
        'orderId',
        'checkoutUrl',
        'mode',
        'paid',
      ].sort(),
    );
  });
});

describe('POST /api/verify-payment', () => {
  it('refuses a visitor with 401, even with a valid payment', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user);
    const res = await post('/api/verify-payment', null, fake.pay(order.order_id));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, message: messages.pleaseLogIn });
    expect(await status(order.orderId)).toBe('created');
  });

  it('refuses a body without the signature with 400 naming the field', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user);
    const { razorpay_signature: _dropped, ...unsigned } = fake.pay(order.order_id);
    const res = await post('/api/verify-payment', user, unsigned);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('razorpay_signature');
    expect(await status(order.orderId)).toBe('created');
  });

  it('answers 404 for an order it does not know and 400 for a wrong signature; then success, once', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user);
    const payment = fake.pay(order.order_id);
    const unknown = await post('/api/verify-payment', user, { ...payment, razorpay_order_id: 'order_unknown0000001' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ok: false, message: messages.orderNotFound });
    const forged = await post('/api/verify-payment', user, { ...payment, razorpay_signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ ok: false, message: messages.paymentVerificationFailed });
    expect(await status(order.orderId)).toBe('created');
    const paid = await post('/api/verify-payment', user, payment);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ ok: true, success: true, message: messages.paymentSuccess, orderId: order.orderId });
    expect(await status(order.orderId)).toBe('paid');
  });
});

describe('POST /api/webhooks/razorpay', () => {
  const deliver = (body: string | undefined, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });

  it('is accepted on its signature alone, whatever Origin or session cookie comes with it', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user);
    const payment = fake.payments.get(fake.pay(order.order_id).razorpay_payment_id);
    const hook = fake.webhook('payment.captured', { payment });
    // An idle session whose cookie rides along is not even looked up (looking it up would extend it).
    const token = await createSession(t.database.db, user.id);
    const idle = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await t.database.db.updateTable('sessions').set({ last_seen_at: idle }).where('user_id', '=', user.id).execute();
    const res = await deliver(hook.body, {
      ...hook.headers,
      origin: 'https://api.razorpay.com',
      cookie: `token=${token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, duplicate: false });
    expect(await status(order.orderId)).toBe('paid');
    const seen = await t.database.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(seen).toEqual([{ last_seen_at: idle }, { last_seen_at: idle }]);
    // The same idle session on an ordinary call is extended: the check above can tell.
    await t.app.inject({ url: '/api/cart', headers: { cookie: `token=${token}` } });
    const touched = await t.database.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(touched.map((row) => row.last_seen_at).filter((at) => at !== idle)).toHaveLength(1);
  });

  it('checks the signature over the bytes sent, whatever content type they were labelled with', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user);
    const payment = fake.payments.get(fake.pay(order.order_id).razorpay_payment_id);
    // Spacing a JSON parser would drop: only the exact bytes carry the signature.
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: payment } } }, null, 2);
    const signature = hmacHex(fake.webhookSecret, body);
    const wrong = await deliver(body, { 'content-type': 'text/plain', 'x-razorpay-signature': hmacHex('x', body) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ ok: false, message: WEBHOOK_SIGNATURE_FAILED });
    const res = await deliver(body, { 'content-type': 'text/plain', 'x-razorpay-signature': signature });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    const again = await deliver(body, {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': 'evt_pretty00000001',
    });
    expect(again.json()).toEqual({ ok: true, duplicate: false });
    const repeat = await deliver(body, {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': 'evt_pretty00000001',
    });
    expect(repeat.json()).toEqual({ ok: true, duplicate: true });
  });

  it('a signed empty body is refused as not JSON, not as a server error', async () => {
    const res = await deliver(undefined, { 'x-razorpay-signature': hmacHex(fake.webhookSecret, '') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, message: 'The webhook body is not JSON.' });
  });
});
