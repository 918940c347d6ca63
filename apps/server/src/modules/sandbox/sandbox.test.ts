import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser } from '../../../test/helpers.js';
import { orderEvents } from '../../../test/order-records.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { SandboxGateway } from '../../payments/sandbox-gateway.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { WEBHOOK_SIGNATURE_FAILED } from '../orders/handle-webhook.js';
import { reconcilePayments } from '../orders/reconcile-payments.js';

const t = useTestApp(createDemoShopApp);

/** A learner's open order for the `courseIndex`-th demo course, with the sandbox's Pay/Fail and verify-payment. */
async function openOrder(courseIndex: number) {
  const user = await createSignedInUser(t.database.db);
  const headers = { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin };
  const course = demoCourses[courseIndex];
  await t.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId: course?._id } });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: { amount: course?.price, name: 'Asha', email: user.email },
  });
  expect(order.statusCode).toBe(200);
  const pay = (outcome: 'captured' | 'failed') =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      headers,
      payload: { order_id: order.json().order_id, outcome },
    });
  const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/verify-payment', headers, payload });
  return {
    user,
    orderId: order.json().orderId as string,
    gatewayOrderId: order.json().order_id as string,
    pay,
    verify,
  };
}

it('takes one payment per order: paying a paid order again is refused with 409, as Razorpay does', async () => {
  const { gatewayOrderId, pay } = await openOrder(0);
  expect((await pay('captured')).statusCode).toBe(200);
  const second = await pay('captured');
  expect(second.statusCode).toBe(409);
  expect(second.json()).toEqual({ ok: false, message: 'This order has already been paid' });
  const captured = await t.database.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('order_id', '=', gatewayOrderId)
    .execute();
  expect(captured).toHaveLength(1);
});

describe('test mode signs like Razorpay (issue 12 item 11)', () => {
  const status = async (orderId: string) =>
    (await t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
      .status;
  const enrolments = (userId: string) =>
    t.database.db.selectFrom('enrolments').select('id').where('user_id', '=', userId).execute();

  it("the widget's Fail gets Razorpay's error payload, no signature, and verify-payment enrols nothing", async () => {
    const { user, orderId, pay, verify } = await openOrder(1);
    const failed = (await pay('failed')).json();
    expect(failed.razorpay_signature).toBeUndefined();
    expect(failed.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', reason: 'payment_failed' });
    // What the attack sent: the failed payment's ids with whatever signature the widget handed out.
    const res = await verify({
      razorpay_order_id: failed.razorpay_order_id,
      razorpay_payment_id: failed.razorpay_payment_id,
      razorpay_signature: failed.razorpay_signature ?? 'f'.repeat(64),
    });
    expect(res.statusCode).toBe(400);
    expect(await status(orderId)).toBe('created');
    expect(await enrolments(user.id)).toEqual([]);
  });

  it('a payment signature is not a webhook signature: the two secrets differ', async () => {
    const { pay } = await openOrder(2);
    const paid = (await pay('captured')).json();
    expect(paid.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': paid.razorpay_signature },
      payload: `${paid.razorpay_order_id}|${paid.razorpay_payment_id}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WEBHOOK_SIGNATURE_FAILED);
  });

  it('reconciliation flags, once, an order paid here whose payment the gateway does not show captured', async () => {
    const confirmed = await openOrder(3);
    expect((await confirmed.verify((await confirmed.pay('captured')).json())).statusCode).toBe(200);
    const disputed = await openOrder(4);
    const paid = (await disputed.pay('captured')).json();
    expect((await disputed.verify(paid)).statusCode).toBe(200);
    // The gateway's own books say otherwise (in live mode: a payment only authorized, or failed).
    await t.database.db
      .updateTable('sandbox_payments')
      .set({ status: 'failed' })
      .where('id', '=', paid.razorpay_payment_id)
      .execute();
    const later = new Date(Date.now() + 20 * 60_000);
    const log = pino({ level: 'silent' });
    expect((await reconcilePayments(t.app.deps, log, later)).flagged).toBe(1);
    expect((await reconcilePayments(t.app.deps, log, later)).flagged).toBe(0);
    const notes = async (orderId: string) =>
      (await orderEvents(t.database.db, orderId, ['note'], { source: 'reconcile' })).map((event) => event.note);
    expect(await notes(disputed.orderId)).toEqual([expect.stringMatching(/^FLAGGED: payment pay_\w+ is failed/)]);
    expect(await notes(confirmed.orderId)).toEqual([expect.stringMatching(/confirmed captured at the gateway$/)]);
  });
});

describe('the widget authorises a subscription (issue 34), as Razorpay Checkout does', () => {
  const sandbox = () => {
    const { gateway } = t.app.deps;
    if (!(gateway instanceof SandboxGateway)) throw new Error('not the sandbox');
    return gateway;
  };
  async function subscriptionFor(userId: string) {
    const plan = await sandbox().createPlan({
      period: 'monthly',
      interval: 1,
      amountPaise: 99_900,
      name: "Trader's club",
      description: '',
      notes: {},
    });
    return sandbox().createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 120,
      notes: { userId },
      customerNotify: false,
    });
  }
  const authorise = (cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      headers: { cookie, origin: new URL(t.config.publicUrl).origin },
      payload,
    });

  it("answers the learner's own subscription signed payment_id|subscription_id, and its webhooks reach the shop's handler", async () => {
    const user = await createSignedInUser(t.database.db);
    const sub = await subscriptionFor(user.id);
    const res = await authorise(user.cookie, { subscription_id: sub.id, outcome: 'captured' });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      ok: true,
      razorpay_subscription_id: sub.id,
      razorpay_payment_id: expect.stringMatching(/^pay_/),
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(sandbox().verifySubscriptionSignature(sub.id, answer.razorpay_payment_id, answer.razorpay_signature)).toBe(
      true,
    );
    expect((await sandbox().fetchSubscription(sub.id)).status).toBe('active');
    await sandbox().webhooksSettled();
    const received = await t.database.db.selectFrom('webhook_events').select('event_type').execute();
    // Each delivery is handled on its own, so they are recorded in no set order (PostgreSQL showed it).
    const types = received.map((event) => event.event_type).filter((type) => type.startsWith('subscription.'));
    expect(types.sort()).toEqual(['subscription.activated', 'subscription.authenticated', 'subscription.charged']);
  });

  it("refuses another learner's subscription (404, still created) and a body naming both an order and a subscription", async () => {
    const owner = await createSignedInUser(t.database.db);
    const other = await createSignedInUser(t.database.db);
    const sub = await subscriptionFor(owner.id);
    const res = await authorise(other.cookie, { subscription_id: sub.id, outcome: 'captured' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, message: 'No such subscription for this account.' });
    expect((await sandbox().fetchSubscription(sub.id)).status).toBe('created');
    expect((await authorise(other.cookie, { subscription_id: 'sub_nope', outcome: 'captured' })).statusCode).toBe(404);
    const both = await authorise(owner.cookie, { subscription_id: sub.id, order_id: 'order_x', outcome: 'captured' });
    expect(both.statusCode).toBe(400);
    expect((await sandbox().fetchSubscription(sub.id)).status).toBe('created');
  });

  it('a failed authorisation answers Razorpay’s error, unsigned', async () => {
    const user = await createSignedInUser(t.database.db);
    const sub = await subscriptionFor(user.id);
    const res = await authorise(user.cookie, { subscription_id: sub.id, outcome: 'failed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().razorpay_signature).toBeUndefined();
    expect(res.json()).toMatchObject({ razorpay_subscription_id: sub.id, error: { reason: 'payment_failed' } });
  });
});
