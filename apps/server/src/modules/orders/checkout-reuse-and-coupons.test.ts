import { messages, OUTSIDE_INDIA } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { orderEvents } from '../../../test/order-records.js';
import { activeCourseIds, demoLines, newCoupon, usePaymentsShop } from '../../../test/payments-kit.js';
import { issuedDocument } from '../../../test/test-documents.js';

// When a checkout may reuse the buyer's pending order, and what a new one does to the old ones and to
// coupon limits. A fresh app per test: the checkout's compiled queries are built anew for each.

const [c1, c2, c3] = demoLines;

const { t, fake, post } = usePaymentsShop('test');

async function buyer(courses = [c1, c2]): Promise<TestUser> {
  const user = await createSignedInUser(t.database.db);
  for (const course of courses) await add(user, course);
  return user;
}
async function add(user: TestUser, course: typeof c1) {
  expect((await post('/api/cart/add', user, { courseId: course?.id })).statusCode).toBe(200);
}
async function remove(user: TestUser, course: typeof c1) {
  expect((await post('/api/cart/remove', user, { courseId: course?.id })).statusCode).toBe(200);
}
const checkout = (user: TestUser, paise: number, discountCouponId: string | null = null) =>
  post('/api/create-order', user, { amount: paise / 100, name: 'Asha Patel', email: user.email, discountCouponId });
async function checkedOut(user: TestUser, paise: number, discountCouponId: string | null = null) {
  const res = await checkout(user, paise, discountCouponId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: string; order_id: string; validDiscount: number; discountCouponId: string | null };
}
const order = (id: string) =>
  t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const reservations = (couponId: string) =>
  t.database.db
    .selectFrom('coupon_redemptions')
    .select(['order_id', 'user_id'])
    .where('coupon_id', '=', couponId)
    .execute();
async function pay(user: TestUser, gatewayOrderId: string) {
  const res = await post('/api/verify-payment', user, fake.pay(gatewayOrderId));
  expect(res.statusCode, res.body).toBe(200);
}
const enrolled = (userId: string) => activeCourseIds(t.database.db, userId);
const setPrice = (course: typeof c1, paise: number) =>
  t.database.db
    .updateTable('courses')
    .set({ price_paise: paise })
    .where('id', '=', course?.id ?? '')
    .execute();
const coupon = async (percent: number, limits: { maxUses?: number; maxUsesPerUser?: number } = {}) =>
  (await newCoupon(t.database.db, 'MP', percent, limits)).id;
const ten = (paise: number) => paise - Math.round(paise / 10);

describe('reusing the pending order', () => {
  it('an unchanged cart within 30 minutes gets the same order; an older one a new order', async () => {
    const user = await buyer();
    const first = await checkedOut(user, c1.paise + c2.paise);
    expect((await checkedOut(user, c1.paise + c2.paise)).order_id).toBe(first.order_id);

    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await t.database.db
      .updateTable('orders')
      .set({ created_at: minutesAgo(29) })
      .where('id', '=', first.orderId)
      .execute();
    expect((await checkedOut(user, c1.paise + c2.paise)).orderId).toBe(first.orderId);
    await t.database.db
      .updateTable('orders')
      .set({ created_at: minutesAgo(31) })
      .where('id', '=', first.orderId)
      .execute();
    const later = await checkedOut(user, c1.paise + c2.paise);
    expect(later.orderId).not.toBe(first.orderId);
    expect((await order(first.orderId)).status).toBe('expired');
  });

  it('the reused order takes the corrected name, e-mail and billing details: the invoice and the e-mail show them', async () => {
    const user = await buyer([c1]);
    const details = { amount: c1.paise / 100, discountCouponId: null, disclaimerAccepted: true };
    const first = await post('/api/create-order', user, {
      ...details,
      name: 'Asha Patl',
      email: user.email,
      state: '27',
      pin: '400001',
    });
    expect(first.statusCode, first.body).toBe(200);
    const corrected = await post('/api/create-order', user, {
      ...details,
      name: 'Asha Patel',
      email: `billing-${user.email}`,
      state: OUTSIDE_INDIA,
      country: 'AE',
      pin: '400001',
      businessName: 'Patel Traders',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().orderId).toBe(first.json().orderId);
    await pay(user, first.json().order_id);
    const invoice = await issuedDocument(t, first.json().orderId);
    expect(JSON.parse(invoice.data).buyer).toMatchObject({
      name: 'Asha Patel',
      email: `billing-${user.email}`,
      businessName: 'Patel Traders',
      gstin: '',
      pin: '',
      stateCode: OUTSIDE_INDIA,
    });
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', user.email)
      .where('subject', 'like', `%${first.json().orderId}`)
      .execute();
    expect(mail).toHaveLength(1);
    expect((await order(first.json().orderId)).disclaimer_accepted_at).toEqual(expect.any(String));
  });

  it('an order whose payment failed at the gateway is reused too, and the answer says it is not paid', async () => {
    const user = await buyer([c1]);
    const first = await checkedOut(user, c1.paise);
    const failed = fake.pay(first.order_id, 'failed');
    const hook = fake.webhook('payment.failed', { payment: fake.payments.get(failed.razorpay_payment_id) });
    await t.app.inject({ method: 'POST', url: '/api/webhooks/razorpay', headers: hook.headers, payload: hook.body });
    expect((await order(first.orderId)).status).toBe('attempted');
    const again = await post('/api/create-order', user, { amount: c1.paise / 100, name: 'Asha P.', email: user.email });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ orderId: first.orderId, order_id: first.order_id, paid: false });
    expect(await order(first.orderId)).toMatchObject({ status: 'attempted', billing_name: 'Asha P.' });
  });

  it('the same courses put back in the cart in another order still reuse the pending order', async () => {
    const user = await buyer([c1, c2]);
    const first = await checkedOut(user, c1.paise + c2.paise);
    await remove(user, c1);
    await add(user, c1);
    const again = await checkedOut(user, c1.paise + c2.paise);
    expect(again.orderId).toBe(first.orderId);
    expect(again.order_id).toBe(first.order_id);
  });

  it('another coupon of the same percentage is a new order carrying that coupon, not the old one', async () => {
    const a = await coupon(10);
    const b = await coupon(10);
    const user = await buyer([c1]);
    const first = await checkedOut(user, ten(c1.paise), a);
    const second = await checkedOut(user, ten(c1.paise), b);
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.order_id).not.toBe(first.order_id);
    expect(second.discountCouponId).toBe(b);
    expect((await order(second.orderId)).coupon_id).toBe(b);
    expect(await reservations(a)).toEqual([]);
    expect(await reservations(b)).toEqual([{ order_id: second.orderId, user_id: user.id }]);
  });

  it('the same coupon at a changed percentage is a new order at the new total', async () => {
    const a = await coupon(10);
    const user = await buyer([c1]);
    const first = await checkedOut(user, ten(c1.paise), a);
    await t.database.db.updateTable('coupons').set({ percent: 20 }).where('id', '=', a).execute();
    const due = c1.paise - Math.round(c1.paise / 5);
    const second = await checkedOut(user, due, a);
    expect(second.orderId).not.toBe(first.orderId);
    expect(fake.orders.get(second.order_id)?.amount).toBe(due);
  });

  it('dropping the coupon is a new order at the full price', async () => {
    const a = await coupon(10);
    const user = await buyer([c1]);
    const first = await checkedOut(user, ten(c1.paise), a);
    const second = await checkedOut(user, c1.paise);
    expect(second.orderId).not.toBe(first.orderId);
    expect(fake.orders.get(second.order_id)?.amount).toBe(c1.paise);
    expect((await order(second.orderId)).coupon_id).toBeNull();
    expect(await reservations(a)).toEqual([]);
  });

  it('prices that changed, even with the same total, are a new order at the new prices', async () => {
    const user = await buyer([c1, c2]);
    const first = await checkedOut(user, c1.paise + c2.paise);
    await setPrice(c1, c1.paise + 100);
    await setPrice(c2, c2.paise - 100);
    const second = await checkedOut(user, c1.paise + c2.paise);
    expect(second.orderId).not.toBe(first.orderId);
    const lines = await t.database.db
      .selectFrom('order_lines')
      .select(['course_id', 'unit_price_paise'])
      .where('order_id', '=', second.orderId)
      .orderBy('unit_price_paise')
      .execute();
    expect(lines).toEqual(
      [
        { course_id: c1.id, unit_price_paise: c1.paise + 100 },
        { course_id: c2.id, unit_price_paise: c2.paise - 100 },
      ].sort((x, y) => x.unit_price_paise - y.unit_price_paise),
    );
  });

  it('another course at the same price is a new order, and paying it grants that course, not the old one', async () => {
    await setPrice(c3, c2.paise);
    const user = await buyer([c1, c2]);
    const first = await checkedOut(user, c1.paise + c2.paise);
    await remove(user, c2);
    await add(user, c3);
    const second = await checkedOut(user, c1.paise + c2.paise);
    expect(second.orderId).not.toBe(first.orderId);
    await pay(user, second.order_id);
    expect(await enrolled(user.id)).toEqual([c1.id, c3.id].sort());
  });
});

describe('a new checkout supersedes the older unpaid ones', () => {
  it('expires every older unpaid order, records why, and releases their coupon reservations', async () => {
    const a = await coupon(10);
    const user = await buyer([c1]);
    const first = await checkedOut(user, ten(c1.paise), a);
    const failed = fake.pay(first.order_id, 'failed');
    const entity = fake.payments.get(failed.razorpay_payment_id);
    const hook = fake.webhook('payment.failed', { payment: entity });
    await t.app.inject({ method: 'POST', url: '/api/webhooks/razorpay', headers: hook.headers, payload: hook.body });
    expect((await order(first.orderId)).status).toBe('attempted');
    await add(user, c2);
    const second = await checkedOut(user, ten(c1.paise + c2.paise), a);
    await add(user, c3);
    const third = await checkedOut(user, c1.paise + c2.paise + c3.paise);

    expect((await order(first.orderId)).status).toBe('expired');
    expect((await order(second.orderId)).status).toBe('expired');
    expect((await order(third.orderId)).status).toBe('created');
    expect(await reservations(a)).toEqual([]);
    const expiry = async (orderId: string) =>
      orderEvents(t.database.db, orderId, ['from_status', 'source', 'note'], { toStatus: 'expired' });
    expect(await expiry(first.orderId)).toEqual([
      { from_status: 'attempted', source: 'checkout', note: `superseded by ${second.orderId}` },
    ]);
    expect(await expiry(second.orderId)).toEqual([
      { from_status: 'created', source: 'checkout', note: `superseded by ${third.orderId}` },
    ]);
  });

  it("leaves other buyers' unpaid orders alone", async () => {
    const other = await buyer([c1]);
    const theirs = await checkedOut(other, c1.paise);
    const user = await buyer([c1]);
    await checkedOut(user, c1.paise);
    expect((await order(theirs.orderId)).status).toBe('created');
  });
});

describe('coupon limits at checkout', () => {
  it("a buyer's own unpaid order does not count against a one-use coupon when they check out again", async () => {
    for (const limits of [{ maxUses: 1 }, { maxUsesPerUser: 1 }]) {
      const once = await coupon(10, limits);
      const user = await buyer([c1]);
      const first = await checkedOut(user, ten(c1.paise), once);
      const code = (
        await t.database.db.selectFrom('coupons').select('code').where('id', '=', once).executeTakeFirstOrThrow()
      ).code;
      const check = await t.app.inject({ url: `/api/coupon/${code}`, headers: { cookie: user.cookie } });
      expect(check.statusCode, JSON.stringify(limits)).toBe(200);
      await add(user, c2);
      const second = await checkedOut(user, ten(c1.paise + c2.paise), once);
      expect(second.discountCouponId).toBe(once);
      expect(await reservations(once)).toEqual([{ order_id: second.orderId, user_id: user.id }]);
      expect((await order(first.orderId)).status).toBe('expired');
    }
  });

  it('an order that failed at the gateway still lets its buyer check out again with the coupon', async () => {
    const once = await coupon(10, { maxUses: 1, maxUsesPerUser: 1 });
    const user = await buyer([c1]);
    const first = await checkedOut(user, ten(c1.paise), once);
    const failed = fake.pay(first.order_id, 'failed');
    const hook = fake.webhook('payment.failed', { payment: fake.payments.get(failed.razorpay_payment_id) });
    await t.app.inject({ method: 'POST', url: '/api/webhooks/razorpay', headers: hook.headers, payload: hook.body });
    expect((await order(first.orderId)).status).toBe('attempted');
    await add(user, c2);
    const second = await checkedOut(user, ten(c1.paise + c2.paise), once);
    await pay(user, second.order_id);
    expect(await enrolled(user.id)).toEqual([c1.id, c2.id].sort());
  });

  it("another buyer is refused while someone's unpaid order holds the last use, and after it is paid", async () => {
    const once = await coupon(10, { maxUses: 1 });
    const holder = await buyer([c1]);
    const held = await checkedOut(holder, ten(c1.paise), once);
    const other = await buyer([c1]);
    const refused = await checkout(other, ten(c1.paise), once);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.couponNoLongerValid);
    await pay(holder, held.order_id);
    expect((await checkout(other, ten(c1.paise), once)).statusCode).toBe(409);
    expect(await reservations(once)).toEqual([{ order_id: held.orderId, user_id: holder.id }]);
  });

  it('a paid use counts against the per-buyer limit: the buyer is refused the coupon next time', async () => {
    const perBuyer = await coupon(10, { maxUsesPerUser: 1 });
    const user = await buyer([c1]);
    await pay(user, (await checkedOut(user, ten(c1.paise), perBuyer)).order_id);
    await add(user, c2);
    expect((await checkout(user, ten(c2.paise), perBuyer)).statusCode).toBe(409);
    expect((await checkedOut(user, c2.paise)).discountCouponId).toBeNull();
  });

  it('answers the discount in rupees to the paisa, and charges the discounted total', async () => {
    const tenOff = await coupon(10);
    const user = await buyer([c1, c2]);
    const subtotal = c1.paise + c2.paise;
    const res = await checkedOut(user, ten(subtotal), tenOff);
    expect(res.validDiscount).toBe(Math.round(subtotal / 10) / 100);
    expect(fake.orders.get(res.order_id)?.amount).toBe(ten(subtotal));
    const row = await order(res.orderId);
    expect([row.subtotal_paise, row.discount_paise, row.total_paise, row.discount_percent]).toEqual([
      subtotal,
      Math.round(subtotal / 10),
      ten(subtotal),
      10,
    ]);
  });
});

describe("an order's history and answer", () => {
  it('a checkout answers the courses bought and records who created the order with which gateway order', async () => {
    const user = await buyer([c1, c2]);
    const res = await checkedOut(user, c1.paise + c2.paise);
    const answer = (res as unknown as { courseId: string }).courseId;
    expect(answer.split(',').sort()).toEqual([c1.id, c2.id].sort());
    const events = await orderEvents(t.database.db, res.orderId, ['from_status', 'to_status', 'source', 'note']);
    expect(events).toEqual([{ from_status: null, to_status: 'created', source: 'checkout', note: res.order_id }]);
  });

  it('a free order is created and paid at once, each step in its history', async () => {
    const free = await coupon(100);
    const user = await buyer([c1]);
    const res = await checkedOut(user, 0, free);
    const events = await orderEvents(t.database.db, res.orderId, ['from_status', 'to_status', 'source', 'note'], {}, [
      'created_at',
      'to_status',
    ]);
    expect(events).toEqual([
      { from_status: null, to_status: 'created', source: 'checkout', note: 'free order' },
      { from_status: 'created', to_status: 'paid', source: 'free', note: '' },
    ]);
    expect(await enrolled(user.id)).toEqual([c1.id]);
  });
});
