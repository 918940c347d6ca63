import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import { callAs } from './admin-test-client.js';
import { type FakeRazorpay, startFakeRazorpay } from './fake-razorpay.js';
import { createSignedInUser, createTestApp, standIn, type TestApp, type TestUser } from './helpers.js';
import { razorpaySettings } from './payments-kit.js';

/**
 * The set-up of the admin console's test files: one app for the whole file (wired to a fake Razorpay
 * when `gateway` is set) with a signed-in admin. `t`, `admin` and `fake` stand for the file's app, admin
 * and gateway; `asAdmin` calls the API as that admin's browser; `paidOrder` buys a course through the gateway.
 */
export function useAdminApp(options: { gateway?: boolean } = {}) {
  let fake: FakeRazorpay | undefined;
  let built: { t: TestApp; admin: TestUser } | undefined;
  beforeAll(async () => {
    if (options.gateway) fake = await startFakeRazorpay();
    const t = await createTestApp(fake ? razorpaySettings(fake) : {});
    built = { t, admin: await createSignedInUser(t.database.db, { role: 'admin' }) };
  });
  afterAll(async () => {
    await built?.t.close();
    await fake?.close();
  });
  const current = () => {
    if (!built) throw new Error('the admin app is built in a hook: use it inside a test or a hook');
    return built;
  };
  const t = standIn(() => current().t);
  const admin = standIn(() => current().admin);
  const asAdmin: ReturnType<typeof callAs> = (...call) => callAs(t, admin)(...call);
  const gateway = standIn(() => {
    if (!fake) throw new Error('this admin app has no gateway: useAdminApp({ gateway: true })');
    return fake;
  });
  /** A new learner buys the course at `price` rupees through checkout and the gateway, as the browser does. */
  async function paidOrder(courseId: string, price: number) {
    const buyer = await createSignedInUser(t.database.db);
    const asBuyer = callAs(t, buyer);
    expect((await asBuyer('POST', '/api/cart/add', { courseId })).statusCode).toBe(200);
    const order = (
      await asBuyer('POST', '/api/create-order', {
        amount: price,
        name: 'Asha Patel',
        email: buyer.email,
        courseId: '',
        userId: buyer.id,
        validDiscount: 0,
        discountCouponId: null,
      })
    ).json();
    const payment = gateway.pay(order.order_id);
    const verified = await asBuyer('POST', '/api/verify-payment', { ...payment, amount: price, currency: 'INR' });
    expect(verified.statusCode).toBe(200);
    return { buyer, orderId: order.orderId as string, payment };
  }
  return { t, admin, asAdmin, fake: gateway, paidOrder };
}

/** The audit row about `entityId` (recording `action`, when given), which must exist. */
export function auditRow(db: Db, entityId: string, action?: string) {
  let query = db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId);
  if (action) query = query.where('action', '=', action);
  return query.executeTakeFirstOrThrow();
}
