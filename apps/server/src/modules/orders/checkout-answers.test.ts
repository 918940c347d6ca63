import { messages } from '@shop/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.js';
import { createSignedInUser, type TestApp, type TestUser } from '../../../test/helpers.js';
import { createPaymentsApp, demoLines, newCoupon, shopRequests } from '../../../test/payments-kit.js';
import { issuedDocument } from '../../../test/test-documents.js';

// What a checkout answers and what it sends to the gateway: refusals the buyer can act on, the smallest
// amount the gateway takes, and the gateway order that carries our own order id. A fresh app per test.

let fake: FakeRazorpay;
let t: TestApp;
const [c1, c2] = demoLines;

beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());
beforeEach(async () => {
  t = await createPaymentsApp(fake);
});
afterEach(() => {
  fake.mode = 'up';
  return t.close();
});

const { post } = shopRequests(() => t);
async function buyer(courses: (typeof c1)[]) {
  const user = await createSignedInUser(t.database.db);
  for (const course of courses)
    expect((await post('/api/cart/add', user, { courseId: course.id })).statusCode).toBe(200);
  return user;
}
const checkout = (user: TestUser, paise: number, discountCouponId: string | null = null) =>
  post('/api/create-order', user, { amount: paise / 100, name: 'Asha Patel', email: user.email, discountCouponId });
const setPrice = (course: typeof c1, paise: number) =>
  t.database.db.updateTable('courses').set({ price_paise: paise }).where('id', '=', course.id).execute();
const ordersOf = (userId: string) =>
  t.database.db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', userId).execute();
const coupon = async (percent: number) => (await newCoupon(t.database.db, 'CA', percent)).id;

describe('refusals the buyer can act on', () => {
  it('an empty cart: 400, nothing written', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await checkout(user, c1.paise);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.cartEmptyAtCheckout);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('a coupon that no longer exists: 409, nothing written', async () => {
    const user = await buyer([c1]);
    const res = await checkout(user, c1.paise, 'no-such-coupon-id');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.couponNoLongerValid);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('an amount other than the total: 409, nothing written here or at the gateway', async () => {
    const user = await buyer([c1]);
    const before = fake.orders.size;
    for (const paise of [c1.paise - 1, c1.paise + 1]) {
      const res = await checkout(user, paise);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(messages.cartTotalChanged);
    }
    expect(await ordersOf(user.id)).toEqual([]);
    expect(fake.orders.size).toBe(before);
  });

  it('the gateway down while it is asked about an open order: 503, the open order left as it was', async () => {
    const user = await buyer([c1]);
    const first = await checkout(user, c1.paise);
    expect(first.statusCode).toBe(200);
    expect((await post('/api/cart/add', user, { courseId: c2.id })).statusCode).toBe(200);
    fake.mode = 'down';
    const res = await checkout(user, c1.paise + c2.paise);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(messages.gatewayUnavailable);
    expect(await ordersOf(user.id)).toEqual([{ id: first.json().orderId, status: 'created' }]);
  });

  it('a total under ₹1 without a coupon (an old price) is refused by the gateway: 400 with its reason', async () => {
    await setPrice(c1, 50);
    const user = await buyer([c1]);
    const res = await checkout(user, 50);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${messages.orderCreateFailed}: The amount must be atleast INR 1.00`);
    expect(await ordersOf(user.id)).toEqual([]);
  });
});

describe('billing details', () => {
  it("a checkout that sends none (an older client) is invoiced to the account, in the shop's own state", async () => {
    const user = await buyer([c1]);
    const res = await checkout(user, c1.paise);
    expect(res.statusCode).toBe(200);
    expect((await post('/api/verify-payment', user, fake.pay(res.json().order_id))).statusCode).toBe(200);
    const invoice = await issuedDocument(t, res.json().orderId);
    const data = JSON.parse(invoice.data) as { buyer: Record<string, string>; supplier: { stateCode: string } };
    expect(data.buyer).toMatchObject({
      name: 'Asha Patel',
      email: user.email,
      businessName: '',
      gstin: '',
      pin: '',
      stateCode: data.supplier.stateCode,
    });
    const row = await t.database.db
      .selectFrom('orders')
      .select(['billing_state', 'billing_pin', 'billing_business', 'billing_gstin', 'disclaimer_accepted_at'])
      .where('id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      billing_state: '',
      billing_pin: '',
      billing_business: '',
      billing_gstin: '',
      disclaimer_accepted_at: null,
    });
  });

  it('a buyer in India keeps the PIN they gave', async () => {
    const user = await buyer([c1]);
    const res = await post('/api/create-order', user, {
      amount: c1.paise / 100,
      name: 'Asha Patel',
      email: user.email,
      state: '27',
      pin: '400001',
      disclaimerAccepted: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['billing_state', 'billing_pin'])
      .where('id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ billing_state: '27', billing_pin: '400001' });
  });
});

describe("the gateway's smallest amount with a coupon", () => {
  it('a coupon leaving exactly ₹1.00 is accepted and charged ₹1.00; one leaving 99 paise is refused', async () => {
    const half = await coupon(50);
    await setPrice(c1, 200);
    const user = await buyer([c1]);
    const res = await checkout(user, 100, half);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 100, validDiscount: 1, paid: false, mode: 'razorpay' });
    expect(fake.orders.get(res.json().order_id)?.amount).toBe(100);

    await setPrice(c1, 198);
    const refused = await checkout(user, 99, half);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.couponTotalBelowMinimum);
  });
});

describe('the gateway order', () => {
  it('carries our order id as its receipt and in its notes, with the buyer, for our total', async () => {
    const user = await buyer([c1, c2]);
    const res = await checkout(user, c1.paise + c2.paise);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    const sent = fake.orders.get(answer.order_id);
    expect(sent).toMatchObject({
      amount: c1.paise + c2.paise,
      currency: 'INR',
      receipt: answer.orderId,
      notes: { orderId: answer.orderId, userId: user.id },
    });
    expect(answer).toMatchObject({
      ok: true,
      amount: c1.paise + c2.paise,
      name: 'Asha Patel',
      email: user.email,
      validDiscount: 0,
      discountCouponId: null,
      userId: user.id,
      currency: 'INR',
      key_id: fake.keyId,
      mode: 'razorpay',
      paid: false,
    });
    expect(answer.checkoutUrl).toMatch(/^https:\/\//);
    const row = await t.database.db
      .selectFrom('orders')
      .select([
        'status',
        'gateway',
        'gateway_order_id',
        'subtotal_paise',
        'discount_paise',
        'total_paise',
        'coupon_id',
        'discount_percent',
      ])
      .where('id', '=', answer.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'created',
      gateway: 'razorpay',
      gateway_order_id: answer.order_id,
      subtotal_paise: c1.paise + c2.paise,
      discount_paise: 0,
      total_paise: c1.paise + c2.paise,
      coupon_id: null,
      discount_percent: 0,
    });
  });

  it('a coupon order records the coupon, its code and percentage, and reserves one use', async () => {
    const ten = await coupon(10);
    const user = await buyer([c1]);
    const due = c1.paise - Math.round(c1.paise / 10);
    const res = await checkout(user, due, ten);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .innerJoin('coupons', 'coupons.id', 'orders.coupon_id')
      .select(['orders.coupon_code', 'coupons.code', 'orders.discount_percent', 'orders.discount_paise'])
      .where('orders.id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    expect(row.coupon_code).toBe(row.code);
    expect(row).toMatchObject({ discount_percent: 10, discount_paise: c1.paise - due });
    expect(
      await t.database.db
        .selectFrom('coupon_redemptions')
        .select(['order_id', 'user_id'])
        .where('coupon_id', '=', ten)
        .execute(),
    ).toEqual([{ order_id: res.json().orderId, user_id: user.id }]);
  });
});
