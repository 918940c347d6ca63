import { adminBundleResponse, bundleResponse, bundlesResponse, getCartResponse, messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { auditRow } from '../../../test/admin-app.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { activeCourseIds, demoLines, usePaymentsShop } from '../../../test/payments-kit.js';
import { refundAsOperator } from '../../../test/refunds.js';
import { DEMO_BUNDLE_ID } from '../../seed/seed-bundles.js';

// Bundles (issue 34) as the operator, a visitor, a buyer and Razorpay's servers meet them: the console's
// editor, the public list, the cart, paying through the ordinary checkout, and refunds.

const { t, fake, post, deliver } = usePaymentsShop('file');
const [c1, c2, c3, c4, c5] = demoLines as [
  (typeof demoLines)[0],
  (typeof demoLines)[0],
  (typeof demoLines)[0],
  (typeof demoLines)[0],
  (typeof demoLines)[0],
];
const UNKNOWN_ID = 'ffffffffffffffffffffffff';

const origin = () => new URL(t.config.publicUrl).origin;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: origin(), ...(user ? { cookie: user.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
const admin = () => createSignedInUser(t.database.db, { role: 'admin' });

let made = 0;
/** A new bundle of these courses at `price` rupees, created through the console; returns its id. */
async function newBundle(courseIds: string[], price: number, published = true): Promise<string> {
  made += 1;
  const res = await call('POST', '/api/admin/bundles', await admin(), {
    title: `Test bundle ${made}`,
    description: 'Two or more courses together.',
    price,
    courseIds,
    published,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminBundleResponse.parse(res.json()).bundle.id;
}

async function cartOf(user: TestUser) {
  const res = await call('GET', '/api/cart', user);
  expect(res.statusCode).toBe(200);
  return getCartResponse.parse(res.json()).cart;
}

/** Checks out the buyer's cart for `rupees`; expects a 200. */
async function checkout(user: TestUser, rupees: number) {
  const res = await post('/api/create-order', user, { amount: rupees, name: 'Asha Patel', email: user.email });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: string; order_id: string };
}

/** Every enrolment row of the user in these courses (revoked or not), as course id and whether active. */
async function enrolmentRows(userId: string, courseIds: string[]) {
  return t.database.db
    .selectFrom('enrolments')
    .select(['course_id', 'order_id', 'revoked_at'])
    .where('user_id', '=', userId)
    .where('course_id', 'in', courseIds)
    .orderBy('course_id')
    .execute();
}

async function invoicesOf(orderId: string) {
  const rows = await t.database.db
    .selectFrom('tax_documents')
    .select('data')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'invoice')
    .execute();
  return rows.map(
    (row) => JSON.parse(row.data) as { lines: { description: string }[]; totals: { totalPaise: number } },
  );
}

describe('the console', () => {
  it('creates a bundle (201, the bundle with its id, price in rupees) and audit-logs it', async () => {
    const operator = await admin();
    const res = await call('POST', '/api/admin/bundles', operator, {
      title: 'Options path',
      description: 'Buying, then Greeks.',
      price: 9999,
      courseIds: [c4.id, c5.id],
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bundle } = adminBundleResponse.parse(res.json());
    expect(bundle).toMatchObject({
      title: 'Options path',
      price: 9999,
      published: true,
      courseIds: [c4.id, c5.id],
      coursesPrice: c4.rupees + c5.rupees,
    });
    const audit = await auditRow(t.database.db, bundle.id, 'bundle.create');
    expect(audit.actor_id).toBe(operator.id);
  });

  it.each([
    ['a learner', 403, () => createSignedInUser(t.database.db)],
    ['a visitor', 401, async () => null],
  ])('%s gets %i and no bundle is written', async (_who, status, who) => {
    const before = await t.database.db.selectFrom('bundles').select('id').execute();
    const res = await call('POST', '/api/admin/bundles', await who(), {
      title: 'Sneaky',
      description: '',
      price: 1,
      courseIds: [c1.id, c2.id],
      published: true,
    });
    expect(res.statusCode).toBe(status);
    expect(await t.database.db.selectFrom('bundles').select('id').execute()).toHaveLength(before.length);
  });

  it.each([
    ['one course', { courseIds: [UNKNOWN_ID.replace('f', 'a')] }, /^courseIds /],
    ['an unknown course', { courseIds: [c1.id, UNKNOWN_ID] }, /^courseIds must list at least 2 published courses/],
    ['the same course twice', { courseIds: [c1.id, c1.id] }, /^courseIds /],
    ['a negative price', { price: -1 }, /^price must not be negative/],
    ['a price with fractions of paise', { price: 10.001 }, /^price /],
    ['no title', { title: '' }, /^title /],
  ])('refuses %s with a 400 naming the field', async (_name, change, message) => {
    const res = await call('POST', '/api/admin/bundles', await admin(), {
      title: 'Bundle',
      description: '',
      price: 100,
      courseIds: [c1.id, c2.id],
      published: true,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a bundle with an unpublished course', async () => {
    const hidden = demoLines[9]?.id ?? '';
    await t.database.db.updateTable('courses').set({ published: 0 }).where('id', '=', hidden).execute();
    try {
      const res = await call('POST', '/api/admin/bundles', await admin(), {
        title: 'Bundle',
        description: '',
        price: 100,
        courseIds: [c1.id, hidden],
        published: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`courseIds ${messages.bundleNeedsCourses}`);
    } finally {
      await t.database.db.updateTable('courses').set({ published: 1 }).where('id', '=', hidden).execute();
    }
  });

  it('publishes and changes a bundle with PATCH; only a published bundle is public', async () => {
    const id = await newBundle([c1.id, c2.id], 9000, false);
    expect((await call('GET', `/api/bundles/${id}`, null)).statusCode).toBe(404);
    expect(
      bundlesResponse.parse((await call('GET', '/api/bundles', null)).json()).bundles.map((b) => b.id),
    ).not.toContain(id);

    const res = await call('PATCH', `/api/admin/bundles/${id}`, await admin(), { published: true, price: 8500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminBundleResponse.parse(res.json()).bundle).toMatchObject({ published: true, price: 8500 });
    await auditRow(t.database.db, id, 'bundle.update');

    const shown = bundleResponse.parse((await call('GET', `/api/bundles/${id}`, null)).json()).bundle;
    expect(shown).toMatchObject({ id, price: 8500, courses: [{ _id: c1.id }, { _id: c2.id }] });
    const learner = await createSignedInUser(t.database.db);
    expect((await call('PATCH', `/api/admin/bundles/${id}`, learner, { published: false })).statusCode).toBe(403);
  });
});

describe('the public bundles', () => {
  it('lists the demo bundle, and a course lists the bundles that include it', async () => {
    const all = bundlesResponse.parse((await call('GET', '/api/bundles', null)).json()).bundles;
    expect(all.map((bundle) => bundle.id)).toContain(DEMO_BUNDLE_ID);
    const withC3 = bundlesResponse.parse((await call('GET', `/api/bundles?courseId=${c3.id}`, null)).json()).bundles;
    expect(withC3.map((bundle) => bundle.id)).toContain(DEMO_BUNDLE_ID);
    expect(withC3.every((bundle) => bundle.courses.some((course) => course._id === c3.id))).toBe(true);
    const withC5 = bundlesResponse.parse((await call('GET', `/api/bundles?courseId=${c5.id}`, null)).json()).bundles;
    expect(withC5.map((bundle) => bundle.id)).not.toContain(DEMO_BUNDLE_ID);
  });

  it('an unknown bundle is a 404 with a message', async () => {
    const res = await call('GET', `/api/bundles/${UNKNOWN_ID}`, null);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, message: messages.bundleNotFound });
  });
});

describe('the cart', () => {
  it('takes { bundleId } and shows the bundle as one line at its price', async () => {
    const id = await newBundle([c1.id, c2.id], 9999);
    const user = await createSignedInUser(t.database.db);
    const res = await post('/api/cart/add', user, { bundleId: id });
    expect(res.statusCode, res.body).toBe(200);
    const cart = await cartOf(user);
    expect(cart.courses).toEqual([]);
    expect(cart.bundles).toEqual([
      {
        _id: id,
        title: expect.any(String),
        price: 9999,
        courses: [
          { _id: c1.id, title: c1.title, owned: false },
          { _id: c2.id, title: c2.title, owned: false },
        ],
      },
    ]);
  });

  it('names an included course the buyer owns already, and still sells the bundle', async () => {
    const id = await newBundle([c1.id, c2.id], 9999);
    const user = await createSignedInUser(t.database.db);
    await t.database.db
      .insertInto('enrolments')
      .values({
        id: 'e'.repeat(24),
        user_id: user.id,
        course_id: c1.id,
        order_id: null,
        granted_at: '2026-01-01',
        revoked_at: null,
      })
      .execute()
      .catch(() => undefined);
    const owned = await t.database.db.selectFrom('enrolments').select('id').where('user_id', '=', user.id).execute();
    expect(owned).toHaveLength(1);
    expect((await post('/api/cart/add', user, { bundleId: id })).statusCode).toBe(200);
    expect((await cartOf(user)).bundles?.[0]?.courses).toEqual([
      { _id: c1.id, title: c1.title, owned: true },
      { _id: c2.id, title: c2.title, owned: false },
    ]);
  });

  it('a course the bundle brings leaves the cart; the course alone cannot be added beside the bundle', async () => {
    const id = await newBundle([c1.id, c2.id], 9999);
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
    expect((await post('/api/cart/add', user, { courseId: c3.id })).statusCode).toBe(200);
    expect((await post('/api/cart/add', user, { bundleId: id })).statusCode).toBe(200);
    expect((await cartOf(user)).courses.map((entry) => entry.courseId._id)).toEqual([c3.id]);
    const again = await post('/api/cart/add', user, { courseId: c2.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.courseInCartBundle);
  });

  it('refuses an unknown or unpublished bundle (404) and a body with both or neither id (400)', async () => {
    const hidden = await newBundle([c1.id, c2.id], 9999, false);
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { bundleId: UNKNOWN_ID })).statusCode).toBe(404);
    expect((await post('/api/cart/add', user, { bundleId: hidden })).statusCode).toBe(404);
    expect((await post('/api/cart/add', user, { bundleId: hidden, courseId: c1.id })).statusCode).toBe(400);
    expect((await post('/api/cart/add', user, {})).statusCode).toBe(400);
    expect(await cartOf(user)).toEqual({ userId: user.id, courses: [] });
  });

  it('removes a bundle with { bundleId }', async () => {
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { bundleId: DEMO_BUNDLE_ID })).statusCode).toBe(200);
    const res = await post('/api/cart/remove', user, { bundleId: DEMO_BUNDLE_ID });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.bundleRemovedFromCart);
    expect(await cartOf(user)).toEqual({ userId: user.id, courses: [] });
  });
});

describe('paying for a bundle', () => {
  it('charges the bundle price; verify and webhook at once enrol every course exactly once; one invoice, the bundle one line', async () => {
    const id = await newBundle([c1.id, c2.id, c3.id], 12_345);
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { bundleId: id })).statusCode).toBe(200);
    // The buyer's amount must be ours: the sum of the courses is refused.
    const wrong = await post('/api/create-order', user, {
      amount: c1.rupees + c2.rupees + c3.rupees,
      name: 'Asha Patel',
      email: user.email,
    });
    expect(wrong.statusCode).toBe(409);
    const order = await checkout(user, 12_345);
    expect(fake.orders.get(order.order_id)?.amount).toBe(1_234_500);

    const payment = fake.pay(order.order_id);
    const entity = fake.payments.get(payment.razorpay_payment_id);
    const hook = fake.webhook('payment.captured', { payment: entity });
    const answers = await Promise.all([
      post('/api/verify-payment', user, payment),
      deliver(hook),
      post('/api/verify-payment', user, payment),
      deliver(hook),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    // Replays afterwards change nothing.
    for (let i = 0; i < 5; i++) expect((await post('/api/verify-payment', user, payment)).statusCode).toBe(200);

    const rows = await enrolmentRows(user.id, [c1.id, c2.id, c3.id]);
    expect(rows).toEqual(
      [c1.id, c2.id, c3.id]
        .sort()
        .map((courseId) => ({ course_id: courseId, order_id: order.orderId, revoked_at: null })),
    );
    const invoices = await invoicesOf(order.orderId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.lines.map((line) => line.description)).toEqual([`Test bundle ${made}`]);
    expect(invoices[0]?.totals.totalPaise).toBe(1_234_500);
    expect(await cartOf(user)).toEqual({ userId: user.id, courses: [] });
    // The bought bundle's row leaves the cart too (the listing would hide a bundle whose courses are all owned).
    expect(
      await t.database.db.selectFrom('cart_bundles').select('bundle_id').where('bundle_id', '=', id).execute(),
    ).toEqual([]);
    const lines = await t.database.db
      .selectFrom('order_lines')
      .select(['course_id', 'unit_price_paise', 'bundle_id'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(lines).toHaveLength(3);
    expect(lines.reduce((sum, line) => sum + line.unit_price_paise, 0)).toBe(1_234_500);
  });

  it('a course the buyer owned through another order stays with it; the bundle is paid, not refunded', async () => {
    const id = await newBundle([c1.id, c2.id], 9999);
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
    const first = await checkout(user, c1.rupees);
    expect((await post('/api/verify-payment', user, fake.pay(first.order_id))).statusCode).toBe(200);

    expect((await post('/api/cart/add', user, { bundleId: id })).statusCode).toBe(200);
    const order = await checkout(user, 9999);
    const res = await post('/api/verify-payment', user, fake.pay(order.order_id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.paymentSuccess);
    const status = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('paid');
    expect(
      await t.database.db.selectFrom('refunds').select('id').where('order_id', '=', order.orderId).execute(),
    ).toEqual([]);
    expect(await enrolmentRows(user.id, [c1.id, c2.id])).toEqual(
      [
        { course_id: c1.id, order_id: first.orderId, revoked_at: null },
        { course_id: c2.id, order_id: order.orderId, revoked_at: null },
      ].sort((a, b) => (a.course_id < b.course_id ? -1 : 1)),
    );
  });

  it('a refund of the bundle revokes its courses, except one another paid order covers', async () => {
    const id = await newBundle([c1.id, c2.id], 9999);
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
    const first = await checkout(user, c1.rupees);
    expect((await post('/api/verify-payment', user, fake.pay(first.order_id))).statusCode).toBe(200);
    expect((await post('/api/cart/add', user, { bundleId: id })).statusCode).toBe(200);
    const order = await checkout(user, 9999);
    expect((await post('/api/verify-payment', user, fake.pay(order.order_id))).statusCode).toBe(200);

    await refundAsOperator(t, order.orderId);
    expect(await activeCourseIds(t.database.db, user.id)).toEqual([c1.id]);
  });

  it('a refund of the single course moves it to the bundle order, which covers it too', async () => {
    const id = await newBundle([c1.id, c2.id], 9999);
    const user = await createSignedInUser(t.database.db);
    expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
    const first = await checkout(user, c1.rupees);
    expect((await post('/api/verify-payment', user, fake.pay(first.order_id))).statusCode).toBe(200);
    expect((await post('/api/cart/add', user, { bundleId: id })).statusCode).toBe(200);
    const order = await checkout(user, 9999);
    expect((await post('/api/verify-payment', user, fake.pay(order.order_id))).statusCode).toBe(200);

    await refundAsOperator(t, first.orderId);
    expect(await activeCourseIds(t.database.db, user.id)).toEqual([c1.id, c2.id].sort());
    await refundAsOperator(t, order.orderId);
    expect(await activeCourseIds(t.database.db, user.id)).toEqual([]);
  });
});
