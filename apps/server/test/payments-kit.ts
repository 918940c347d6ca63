import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import { createCoupon } from '../src/modules/coupons/create-coupon.js';
import { seedDemo } from '../src/seed/seed.js';
import { demoCourses } from '../src/seed/seed-courses.js';
import { type FakeRazorpay, startFakeRazorpay } from './fake-razorpay.js';
import { createTestApp, standIn, type TestApp, type TestUser } from './helpers.js';

/**
 * The set-up the order, payment and coupon tests share: the demo shop wired to the fake Razorpay (and,
 * when given, the test SMTP server), and the requests a buyer's browser and Razorpay's servers make.
 * Each test file still chooses when to build the app (per test or per file), as its mutation runs need.
 */

/** The demo courses as checkout lines: id, title and price in paise and rupees. */
export const demoLines = demoCourses.map((course) => ({
  id: course._id ?? '',
  title: course.title,
  paise: Math.round(course.price * 100),
  rupees: course.price,
}));
export type DemoLine = (typeof demoLines)[number];

let coupons = 0;

/** A new coupon of `percent` % whose code, `prefix` first, no other coupon of the run has. */
export function newCoupon(
  db: Db,
  prefix: string,
  percent: number,
  limits: { maxUses?: number; maxUsesPerUser?: number } = {},
) {
  coupons += 1;
  return createCoupon(db, { code: `${prefix}${coupons}${Date.now().toString(36)}`.toUpperCase(), percent, ...limits });
}

/** The settings that point the app's Razorpay client at the fake gateway. */
export function razorpaySettings(fake: FakeRazorpay): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_URL: fake.url,
  };
}

/** The whole app with the fake gateway's settings and the demo catalogue seeded. */
export async function createPaymentsApp(
  fake: FakeRazorpay,
  extra: { smtpUrl?: string; overrides?: Record<string, string> } = {},
): Promise<TestApp> {
  const t = await createTestApp({
    ...razorpaySettings(fake),
    ...(extra.smtpUrl ? { SMTP_URL: extra.smtpUrl } : {}),
    ...extra.overrides,
  });
  await seedDemo(t.database.db);
  return t;
}

/**
 * Registers the hooks of a payments test file: the fake gateway for the whole file, and the payments
 * app built anew for each test (`'test'`, so each test registers the routes and compiles the queries
 * afresh) or once for the file (`'file'`); `use` receives each new pair as it is made. `settings`, read
 * as each app is built, adds to its configuration.
 */
export function usePaymentsApp(
  each: 'test' | 'file',
  use: (t: TestApp, fake: FakeRazorpay) => void | Promise<void>,
  settings: () => Record<string, string> = () => ({}),
): void {
  let fake: FakeRazorpay;
  let t: TestApp | undefined;
  const open = async () => {
    t = await createPaymentsApp(fake, { overrides: settings() });
    await use(t, fake);
  };
  const close = async () => {
    await t?.close();
    t = undefined;
  };
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    if (each === 'file') await open();
  });
  afterAll(async () => {
    await close();
    await fake.close();
  });
  if (each === 'test') {
    beforeEach(open);
    afterEach(close);
  }
}

/**
 * usePaymentsApp as a payments test file declares it at its top: `t` and `fake` stand for the app and
 * the gateway of the test running, and the shop's requests go to that app.
 */
export function usePaymentsShop(each: 'test' | 'file', settings?: () => Record<string, string>) {
  let pair: { t: TestApp; fake: FakeRazorpay } | undefined;
  usePaymentsApp(
    each,
    (t, fake) => {
      pair = { t, fake };
    },
    settings,
  );
  const current = () => {
    if (!pair) throw new Error('the payments app is built in a hook: use it inside a test or a hook');
    return pair;
  };
  const t = standIn(() => current().t);
  return { t, fake: standIn(() => current().fake), ...shopRequests(() => t) };
}

/**
 * Requests against whichever app `current()` returns now: `post` as a signed-in browser (or a visitor
 * when `user` is null) with the site's own Origin, `deliver` as Razorpay's webhook call.
 */
export function shopRequests(current: () => TestApp) {
  const origin = () => new URL(current().config.publicUrl).origin;
  const post = (url: string, user: TestUser | null, payload: object) =>
    current().app.inject({
      method: 'POST',
      url,
      headers: { origin: origin(), ...(user ? { cookie: user.cookie } : {}) },
      payload,
    });
  const deliver = (hook: { body: string; headers: Record<string, string> }) =>
    current().app.inject({ method: 'POST', url: '/api/webhooks/razorpay', headers: hook.headers, payload: hook.body });
  /** Puts `courses` in the buyer's cart and checks out for their total less `percent`; expects a 200. */
  async function checkedOut(
    user: TestUser,
    courses: DemoLine[],
    options: { couponId?: string | null; percent?: number; name?: string } = {},
  ) {
    for (const course of courses)
      expect((await post('/api/cart/add', user, { courseId: course.id })).statusCode).toBe(200);
    const subtotal = courses.reduce((sum, course) => sum + course.paise, 0);
    const due = subtotal - Math.round((subtotal * (options.percent ?? 0)) / 100);
    const res = await post('/api/create-order', user, {
      amount: due / 100,
      name: options.name ?? 'Asha Patel',
      email: user.email,
      discountCouponId: options.couponId ?? null,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { orderId: string; order_id: string; paid: boolean };
  }
  return { origin, post, deliver, checkedOut };
}

/** The customer pays the gateway order at the fake; returns the captured payment entity. */
export function payAtFake(fake: FakeRazorpay, gatewayOrderId: string | null) {
  const payment = fake.pay(gatewayOrderId ?? '');
  const entity = fake.payments.get(payment.razorpay_payment_id);
  if (!entity) throw new Error('the fake gateway lost the payment');
  return entity;
}

/** The order's status as stored. */
export async function orderStatus(db: Db, orderId: string) {
  return (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

/** The ids of the courses the user is enrolled in and not revoked from, sorted. */
export async function activeCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('enrolments')
    .select('course_id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.course_id).sort();
}

/** The user's enrolments not revoked, with the order that granted each, sorted by course id. */
export async function ownedThrough(db: Db, userId: string) {
  const rows = await db
    .selectFrom('enrolments')
    .select(['course_id', 'order_id'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.sort((p, q) => p.course_id.localeCompare(q.course_id));
}
