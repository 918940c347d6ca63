import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { demoLines, usePaymentsShop } from '../../../test/payments-kit.js';
import { AppError } from '../../errors.js';
import { seedDemo } from '../../seed/seed.js';
import { createCoupon } from './create-coupon.js';

// The coupon lookup's own rules (its allowance per learner, its input), what createCoupon tells an
// operator, and how uses are counted for the admin list. A fresh app per test, so the route's options
// are built inside each test.

const [c1] = demoLines;

const { t, fake } = usePaymentsShop('test');

const lookup = (code: string, user: TestUser) =>
  t.app.inject({ url: `/api/coupon/${code}`, headers: { cookie: user.cookie } });
let codes = 0;
const freshCode = () => `CL${Date.now().toString(36)}${++codes}`.toUpperCase();

describe('GET /api/coupon/:code', () => {
  it('allows each learner 30 lookups a minute, counted per learner, not per address', async () => {
    const learner = await createSignedInUser(t.database.db);
    const other = await createSignedInUser(t.database.db);
    for (let i = 0; i < 30; i++) expect((await lookup('WELCOME10', learner)).statusCode).toBe(200);
    expect((await lookup('WELCOME10', learner)).statusCode).toBe(429);
    expect((await lookup('NOSUCH', learner)).statusCode).toBe(429);
    const res = await lookup('WELCOME10', other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: messages.couponValid,
      coupon: { id: expect.any(String), discountPercentage: 10 },
    });
  });

  it('refuses a code that cannot be a coupon code with 400, and answers an unknown one 404', async () => {
    const learner = await createSignedInUser(t.database.db);
    for (const code of ['bad%20code!', 'x'.repeat(41), '%3Cscript%3E']) {
      const res = await lookup(code, learner);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().ok).toBe(false);
    }
    const unknown = await lookup('NOSUCHCODE', learner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ok: false, message: messages.couponInvalid });
  });
});

describe('createCoupon', () => {
  it('names the field and says what is wrong with it', async () => {
    const cases: [unknown, string, string][] = [
      [{ code: 'CX1', percent: 0 }, 'percent', 'must be a whole number from 1 to 100'],
      [{ code: 'CX1', percent: 10, maxUses: 0 }, 'maxUses', 'must be a whole number of at least 1'],
      [{ code: 'CX1', percent: 10, expiresOn: '2030-02-30' }, 'expiresOn', 'must be a date written YYYY-MM-DD'],
      [{ code: 'bad code', percent: 10 }, 'code', messages.couponCodeFormat],
      [null, 'coupon', ''],
    ];
    for (const [input, field, message] of cases) {
      const error = await createCoupon(t.database.db, input).catch((e: unknown) => e);
      expect(error, field).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.code).toBe('bad_request');
      expect(Object.keys(appError.fields ?? {})).toEqual([field]);
      const told = appError.fields?.[field] ?? '';
      if (message) expect(told).toBe(message);
      expect(told.length).toBeGreaterThan(0);
      expect(appError.message).toBe(`${field}: ${told}`);
    }
  });

  it('a code already taken, in any case, is a conflict', async () => {
    const code = freshCode();
    await createCoupon(t.database.db, { code, percent: 5 });
    const error = await createCoupon(t.database.db, { code: code.toLowerCase(), percent: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('conflict');
    expect((error as AppError).message).toBe(messages.couponExists);
  });
});

describe('uses of a coupon', () => {
  it("the admin list counts paid uses and every buyer's reservation", async () => {
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const coupon = await createCoupon(t.database.db, { code: freshCode(), percent: 10 });
    const origin = new URL(t.config.publicUrl).origin;
    for (let i = 0; i < 2; i++) {
      const buyer = await createSignedInUser(t.database.db);
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: { cookie: buyer.cookie, origin }, payload });
      expect((await post('/api/cart/add', { courseId: c1?.id })).statusCode).toBe(200);
      const due = c1.paise - Math.round(c1.paise / 10);
      const order = await post('/api/create-order', {
        amount: due / 100,
        name: 'Asha Patel',
        email: buyer.email,
        discountCouponId: coupon.id,
      });
      expect(order.statusCode, order.body).toBe(200);
      if (i === 0) expect((await post('/api/verify-payment', fake.pay(order.json().order_id))).statusCode).toBe(200);
    }
    const res = await t.app.inject({ url: '/api/admin/coupons', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const listed = (res.json().coupons as { id: string; uses: number }[]).find((row) => row.id === coupon.id);
    expect(listed?.uses).toBe(2);
  });

  it('seeding the demo again restores the demo coupon to its terms', async () => {
    await t.database.db
      .updateTable('coupons')
      .set({ active: 0, percent: 90 })
      .where('code_lower', '=', 'welcome10')
      .execute();
    const learner = await createSignedInUser(t.database.db);
    expect((await lookup('WELCOME10', learner)).statusCode).toBe(404);
    await seedDemo(t.database.db);
    const res = await lookup('WELCOME10', learner);
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon.discountPercentage).toBe(10);
  });
});
