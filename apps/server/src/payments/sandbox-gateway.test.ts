import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { hmacHex } from '../auth/signatures.js';
import { GatewayRejectedError, type SubscriptionDelivery } from './gateway.js';
import { SANDBOX_CHARGE_ATTEMPTS, SandboxGateway, type SignedWebhook } from './sandbox-gateway.js';
import { paymentSignature, subscriptionSignature } from './signatures.js';

// The sandbox keeps Razorpay's order and payment books in our own tables and answers as Razorpay's API
// does (razorpay-gateway.test.ts is the same contract against the Razorpay stand-in). A fresh database
// per test, so every test compiles the sandbox's prepared statements.

const secrets = { payment: 'sandbox-payment-secret-for-tests', webhook: 'sandbox-webhook-secret-for-tests' };
let database: TestDatabase;
let sandbox: SandboxGateway;

beforeEach(async () => {
  database = await createTestDatabase();
  sandbox = new SandboxGateway(database.db, secrets, '/sandbox/checkout.js');
});
afterEach(() => database.close());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error) => error,
  );
const order = (amountPaise = 49_900, receipt = 'our-order-1') =>
  sandbox.createOrder({ amountPaise, receipt, notes: { orderId: receipt } });
const storedOrder = (id: string) =>
  database.db.selectFrom('sandbox_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('orders', () => {
  it('opens an order in paise, INR, status created, with our receipt and notes', async () => {
    const opened = await order();
    expect(opened).toEqual({
      id: expect.stringMatching(/^order_[0-9a-f]{14}$/),
      amount: 49_900,
      currency: 'INR',
      status: 'created',
    });
    const stored = await storedOrder(opened.id);
    expect(stored).toMatchObject({ amount: 49_900, currency: 'INR', status: 'created', receipt: 'our-order-1' });
    expect(JSON.parse(stored.notes)).toEqual({ orderId: 'our-order-1' });
    expect(Date.now() - Date.parse(stored.created_at)).toBeLessThan(60_000);
    expect(sandbox).toMatchObject({ mode: 'sandbox', keyId: 'rzp_test_sandbox', checkoutUrl: '/sandbox/checkout.js' });
  });

  it('keeps at most 40 characters of the receipt, as Razorpay allows', async () => {
    const opened = await order(10_000, 'r'.repeat(45));
    expect((await storedOrder(opened.id)).receipt).toBe('r'.repeat(40));
  });

  it('refuses an amount under ₹1 or not a whole number of paise', async () => {
    for (const amountPaise of [99, 0, -100, 100.5, Number.NaN]) {
      const error = await rejection(order(amountPaise));
      expect(error).toBeInstanceOf(GatewayRejectedError);
      expect(error?.message).toBe('The amount must be atleast INR 1.00');
    }
    expect((await order(100)).amount).toBe(100);
  });
});

describe('payments', () => {
  it('Pay records a captured payment, marks the order paid and signs it as Razorpay does', async () => {
    const opened = await order();
    const paid = await sandbox.pay(opened.id, 'captured');
    expect(paid).toEqual({
      razorpay_order_id: opened.id,
      razorpay_payment_id: expect.stringMatching(/^pay_[0-9a-f]{14}$/),
      razorpay_signature: paymentSignature(secrets.payment, opened.id, paid.razorpay_payment_id),
    });
    expect((await storedOrder(opened.id)).status).toBe('paid');
    expect(await sandbox.fetchOrderPayments(opened.id)).toEqual([
      {
        id: paid.razorpay_payment_id,
        orderId: opened.id,
        amount: 49_900,
        currency: 'INR',
        status: 'captured',
        amountRefunded: 0,
        international: false,
      },
    ]);
    expect(
      sandbox.verifyPaymentSignature(
        opened.id,
        paid.razorpay_payment_id,
        'razorpay_signature' in paid ? paid.razorpay_signature : '',
      ),
    ).toBe(true);
    expect(
      sandbox.verifyPaymentSignature(
        'order_other',
        paid.razorpay_payment_id,
        'razorpay_signature' in paid ? paid.razorpay_signature : '',
      ),
    ).toBe(false);
  });

  it('reports a payment made with the widget’s international card as Razorpay does (`international`)', async () => {
    const abroad = await order();
    await sandbox.pay(abroad.id, 'captured', 'international');
    expect(await sandbox.fetchOrderPayments(abroad.id)).toMatchObject([{ status: 'captured', international: true }]);
    const home = await order();
    await sandbox.pay(home.id, 'captured', 'domestic');
    expect(await sandbox.fetchOrderPayments(home.id)).toMatchObject([{ status: 'captured', international: false }]);
  });

  it("Fail records a failed payment, leaves the order attempted and answers Razorpay's error, unsigned", async () => {
    const opened = await order();
    const failed = await sandbox.pay(opened.id, 'failed');
    expect(failed).toEqual({
      razorpay_order_id: opened.id,
      razorpay_payment_id: expect.stringMatching(/^pay_/),
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed (sandbox)',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
      },
    });
    expect((await storedOrder(opened.id)).status).toBe('attempted');
    expect((await sandbox.fetchOrderPayments(opened.id)).map((payment) => payment.status)).toEqual(['failed']);
    // A later Pay still goes through, and a paid order stays paid.
    await sandbox.pay(opened.id, 'captured');
    expect((await storedOrder(opened.id)).status).toBe('paid');
  });

  it('a failed attempt landing at the same moment as the payment does not unpay the order', async () => {
    const opened = await order();
    const [paid, failed] = await Promise.allSettled([
      sandbox.pay(opened.id, 'captured'),
      sandbox.pay(opened.id, 'failed'),
    ]);
    expect(paid.status).toBe('fulfilled');
    expect((await storedOrder(opened.id)).status).toBe('paid');
    const statuses = (await sandbox.fetchOrderPayments(opened.id)).map((payment) => payment.status).sort();
    // Which lands first is up to the database (on PostgreSQL the payment may commit before the failed
    // attempt reads the order): either the failed attempt was recorded beside the payment, or it was
    // refused as coming after it. Never is the order unpaid.
    if (failed.status === 'fulfilled') expect(statuses).toEqual(['captured', 'failed']);
    else {
      expect(failed.reason).toBeInstanceOf(GatewayRejectedError);
      expect((failed.reason as Error).message).toBe('This order has already been paid');
      expect(statuses).toEqual(['captured']);
    }
  });

  it('a paid order takes no second payment, and an unknown order none at all', async () => {
    const opened = await order();
    await sandbox.pay(opened.id, 'captured');
    const again = await rejection(sandbox.pay(opened.id, 'captured'));
    expect(again).toBeInstanceOf(GatewayRejectedError);
    expect(again?.message).toBe('This order has already been paid');
    expect(await sandbox.fetchOrderPayments(opened.id)).toHaveLength(1);
    const unknown = await rejection(sandbox.pay('order_unknown', 'captured'));
    expect(unknown).toBeInstanceOf(GatewayRejectedError);
    expect(unknown?.message).toBe('The id provided does not exist');
    expect(await sandbox.fetchOrderPayments('order_unknown')).toEqual([]);
  });

  it('verifies webhook signatures with the webhook secret only', () => {
    const body = '{"event":"order.paid"}';
    expect(sandbox.verifyWebhookSignature(body, hmacHex(secrets.webhook, body))).toBe(true);
    expect(sandbox.verifyWebhookSignature(body, hmacHex(secrets.payment, body))).toBe(false);
  });
});

describe('refunds', () => {
  async function captured(amountPaise = 49_900) {
    const opened = await order(amountPaise);
    const paid = await sandbox.pay(opened.id, 'captured');
    return { orderId: opened.id, paymentId: paid.razorpay_payment_id };
  }

  it('refunds a payment in full once; a repeat answers the same refund and refunds nothing more', async () => {
    const { orderId, paymentId } = await captured();
    const refund = await sandbox.refundPayment(paymentId, 49_900, 'refund-order-1');
    expect(refund).toEqual({ id: `rfnd_${paymentId.slice(4)}`, paymentId, amount: 49_900, status: 'processed' });
    const [payment] = await sandbox.fetchOrderPayments(orderId);
    expect(payment).toMatchObject({ status: 'refunded', amountRefunded: 49_900 });
    expect(await sandbox.refundPayment(paymentId, 49_900, 'refund-order-1')).toEqual(refund);
    expect((await sandbox.fetchOrderPayments(orderId))[0]).toMatchObject({
      status: 'refunded',
      amountRefunded: 49_900,
    });
  });

  it('a part refund leaves the payment captured with the refunded amount noted', async () => {
    const { orderId, paymentId } = await captured();
    const refund = await sandbox.refundPayment(paymentId, 10_000, 'refund-part-1');
    expect(refund.amount).toBe(10_000);
    expect((await sandbox.fetchOrderPayments(orderId))[0]).toMatchObject({
      status: 'captured',
      amountRefunded: 10_000,
    });
    // The whole amount may still be refunded; one paisa more may not.
    const tooMuch = await rejection(sandbox.refundPayment(paymentId, 49_901, 'refund-part-2'));
    expect(tooMuch).toBeInstanceOf(GatewayRejectedError);
    expect(tooMuch?.message).toBe('The refund amount provided is greater than amount captured');
  });

  it('refuses a failed payment, an unknown payment and a key Razorpay would refuse', async () => {
    const opened = await order();
    const failed = await sandbox.pay(opened.id, 'failed');
    const notCaptured = await rejection(sandbox.refundPayment(failed.razorpay_payment_id, 49_900, 'refund-failed-1'));
    expect(notCaptured).toBeInstanceOf(GatewayRejectedError);
    expect(notCaptured?.message).toBe('The refund amount provided is greater than amount captured');
    const unknown = await rejection(sandbox.refundPayment('pay_unknown', 100, 'refund-unknown'));
    expect(unknown).toBeInstanceOf(GatewayRejectedError);
    expect(unknown?.message).toBe('The id provided does not exist');

    const { paymentId } = await captured();
    for (const key of ['short-key', 'refund order 1', 'refund/order/1', `${'x'.repeat(12)}!`, '!refund-order-12345']) {
      const error = await rejection(sandbox.refundPayment(paymentId, 49_900, key));
      expect(error).toBeInstanceOf(GatewayRejectedError);
      expect(error?.message).toBe('The idempotency key is invalid.');
    }
    expect((await sandbox.refundPayment(paymentId, 49_900, 'Refund_Order-0123')).amount).toBe(49_900);
  });
});

describe('subscriptions (issue 34): plans, subscriptions and renewals in our own tables, on a clock the test moves', () => {
  // 2026-11-01T00:00:00Z
  const T0 = Date.UTC(2026, 10, 1) / 1000;
  let clock: number;
  let gateway: SandboxGateway;
  let sent: SignedWebhook[];
  beforeEach(() => {
    clock = T0;
    gateway = new SandboxGateway(database.db, secrets, '/sandbox/checkout.js', () => new Date(clock * 1000));
    sent = [];
    gateway.onWebhook = (delivery) => {
      sent.push(delivery);
      return undefined;
    };
  });
  const at = (iso: string) => new Date(iso);
  const monthly = (amountPaise = 99_900) =>
    gateway.createPlan({
      period: 'monthly',
      interval: 1,
      amountPaise,
      name: "Trader's club",
      description: 'Every course',
      notes: { planId: 'p1' },
    });
  const subscribe = async (totalCount = 120, startAt?: number) =>
    gateway.createSubscription({
      gatewayPlanId: (await monthly()).id,
      totalCount,
      startAt,
      notes: { userId: 'u1' },
      customerNotify: false,
    });
  /** Each delivery as the shop's webhook route reads it: `event:status`, with its signature checked. */
  const read = (deliveries: SignedWebhook[]): SubscriptionDelivery[] =>
    deliveries.map((delivery) => {
      const reading = gateway.readWebhook(Buffer.from(delivery.body), delivery.headers);
      if (!reading.ok || !reading.delivery.subscription) throw new Error(`unreadable: ${delivery.body}`);
      return reading.delivery.subscription;
    });
  const events = (deliveries: SignedWebhook[]) =>
    read(deliveries).map(({ event, subscription }) => `${event}:${subscription.status}`);
  const charges = (subscriptionId: string) =>
    database.db
      .selectFrom('sandbox_payments')
      .innerJoin('sandbox_orders', 'sandbox_orders.id', 'sandbox_payments.order_id')
      .select(['sandbox_payments.id', 'sandbox_payments.amount', 'sandbox_payments.status'])
      .where('sandbox_orders.receipt', '=', subscriptionId)
      .orderBy('sandbox_payments.created_at')
      .execute();

  it('creates a plan (refusing an amount under ₹1 or a bad interval) and a subscription, and fetches it', async () => {
    const plan = await monthly();
    expect(plan).toEqual({
      id: expect.stringMatching(/^plan_[0-9a-f]{14}$/),
      period: 'monthly',
      interval: 1,
      amountPaise: 99_900,
      currency: 'INR',
      name: "Trader's club",
      description: 'Every course',
      notes: { planId: 'p1' },
    });
    for (const bad of [{ amountPaise: 99 }, { interval: 0 }, { period: 'hourly' as 'daily' }]) {
      const error = await rejection(
        gateway.createPlan({
          period: 'monthly',
          interval: 1,
          amountPaise: 100,
          name: 'x',
          description: '',
          notes: {},
          ...bad,
        }),
      );
      expect(error, JSON.stringify(bad)).toBeInstanceOf(GatewayRejectedError);
    }
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 120,
      notes: { userId: 'u1' },
      customerNotify: false,
    });
    expect(sub).toEqual({
      id: expect.stringMatching(/^sub_[0-9a-f]{14}$/),
      planId: plan.id,
      status: 'created',
      totalCount: 120,
      paidCount: 0,
      currentStart: null,
      currentEnd: null,
      chargeAt: null,
      startAt: null,
      endedAt: null,
      customerNotify: false,
      notes: { userId: 'u1' },
    });
    expect(await gateway.fetchSubscription(sub.id)).toEqual(sub);
    expect(await rejection(gateway.fetchSubscription('sub_nope'))).toBeInstanceOf(GatewayRejectedError);
    expect(
      await rejection(
        gateway.createSubscription({ gatewayPlanId: 'plan_nope', totalCount: 1, notes: {}, customerNotify: true }),
      ),
    ).toBeInstanceOf(GatewayRejectedError);
    expect(await rejection(subscribe(0))).toBeInstanceOf(GatewayRejectedError);
    expect(await rejection(subscribe(12, T0))).toBeInstanceOf(GatewayRejectedError);
  });

  it('the widget authorises: the first charge at once, signed payment_id|subscription_id, with authenticated, activated, charged', async () => {
    const sub = await subscribe();
    const { answer, webhooks } = await gateway.authenticate(sub.id, 'captured');
    if (!('razorpay_signature' in answer)) throw new Error('not signed');
    expect(answer.razorpay_signature).toBe(subscriptionSignature(secrets.payment, sub.id, answer.razorpay_payment_id));
    expect(gateway.verifySubscriptionSignature(sub.id, answer.razorpay_payment_id, answer.razorpay_signature)).toBe(
      true,
    );
    expect(gateway.verifyPaymentSignature(sub.id, answer.razorpay_payment_id, answer.razorpay_signature)).toBe(false);
    expect(gateway.readSubscriptionConfirmation(answer)).toEqual({
      gatewaySubscriptionId: sub.id,
      paymentId: answer.razorpay_payment_id,
      signature: answer.razorpay_signature,
    });
    expect(events(webhooks)).toEqual([
      'subscription.authenticated:authenticated',
      'subscription.activated:active',
      'subscription.charged:active',
    ]);
    expect(sent).toEqual(webhooks);
    const charged = read(webhooks)[2];
    const dec1 = Date.UTC(2026, 11, 1) / 1000;
    expect(charged?.subscription).toMatchObject({ paidCount: 1, currentStart: T0, currentEnd: dec1, chargeAt: dec1 });
    expect(charged?.payment).toEqual({
      id: answer.razorpay_payment_id,
      amount: 99_900,
      currency: 'INR',
      status: 'captured',
      international: false,
      invoiceId: `inv_${answer.razorpay_payment_id.slice(4)}`,
      orderId: expect.stringMatching(/^order_/),
    });
    expect(await charges(sub.id)).toEqual([{ id: answer.razorpay_payment_id, amount: 99_900, status: 'captured' }]);
    // The charge can be refunded like an order's payment.
    await gateway.refundPayment(answer.razorpay_payment_id, 99_900, 'refund-charge-1');
    expect((await charges(sub.id))[0]?.status).toBe('refunded');
    expect((await rejection(gateway.authenticate(sub.id, 'captured')))?.message).toBe(
      'Subscription cannot be authenticated in active status.',
    );
  });

  it('past its expire_by a subscription cannot be authorised: Razorpay lets it expire and charges nothing', async () => {
    const plan = await monthly();
    const startAt = T0 + 10 * 86_400;
    const make = (expireBy: number) =>
      gateway.createSubscription({
        gatewayPlanId: plan.id,
        totalCount: 120,
        startAt,
        expireBy,
        notes: {},
        customerNotify: false,
      });
    expect((await rejection(make(T0)))?.message).toBe('expire_by should be in future');
    const sub = await make(startAt);
    const unseen = await make(startAt);
    clock = startAt - 1;
    const inTime = await make(startAt);
    expect((await gateway.authenticate(inTime.id, 'captured')).webhooks).not.toEqual([]);
    clock = startAt + 1;
    expect((await rejection(gateway.authenticate(sub.id, 'captured')))?.message).toBe(
      'Subscription cannot be authenticated in expired status.',
    );
    expect((await gateway.fetchSubscription(sub.id)).status).toBe('expired');
    // Expired at its expire_by whether or not the checkout tried: the shop's read says so too.
    expect(await gateway.fetchSubscription(unseen.id)).toMatchObject({ status: 'expired', endedAt: startAt });
    expect(await charges(sub.id)).toEqual([]);
    expect(sent.filter((delivery) => delivery.body.includes(sub.id))).toEqual([]);
  });

  it('a failed authorisation changes nothing and is not signed', async () => {
    const sub = await subscribe();
    const { answer, webhooks } = await gateway.authenticate(sub.id, 'failed');
    expect(answer).not.toHaveProperty('razorpay_signature');
    expect(answer).toMatchObject({ razorpay_subscription_id: sub.id, error: { reason: 'payment_failed' } });
    expect(webhooks).toEqual([]);
    expect((await gateway.fetchSubscription(sub.id)).status).toBe('created');
  });

  it('renews only what is due by `now`: not a second early, then the next cycle, to completion', async () => {
    const sub = await subscribe(3);
    await gateway.authenticate(sub.id, 'captured');
    const dec1 = at('2026-12-01T00:00:00Z');
    expect(await gateway.chargeDueSubscriptions(new Date(dec1.getTime() - 1000))).toEqual([]);
    expect((await gateway.fetchSubscription(sub.id)).paidCount).toBe(1);
    sent = [];
    const second = await gateway.chargeDueSubscriptions(dec1);
    expect(events(second)).toEqual(['subscription.charged:active']);
    expect(sent).toEqual(second);
    expect(read(second)[0]?.subscription).toMatchObject({
      paidCount: 2,
      currentStart: dec1.getTime() / 1000,
      currentEnd: Date.UTC(2027, 0, 1) / 1000,
    });
    // A second run at the same time finds nothing more due.
    expect(await gateway.chargeDueSubscriptions(dec1)).toEqual([]);
    const last = await gateway.chargeDueSubscriptions(at('2027-01-01T00:00:00Z'));
    expect(events(last)).toEqual(['subscription.charged:active', 'subscription.completed:completed']);
    expect(await gateway.fetchSubscription(sub.id)).toMatchObject({
      status: 'completed',
      paidCount: 3,
      chargeAt: null,
    });
    expect(await gateway.chargeDueSubscriptions(at('2030-01-01T00:00:00Z'))).toEqual([]);
    expect((await charges(sub.id)).map((charge) => charge.status)).toEqual(['captured', 'captured', 'captured']);
  });

  it('a trial waits authenticated (₹5 refunded) and is activated and charged when start_at is due', async () => {
    const startAt = T0 + 7 * 86_400;
    const sub = await subscribe(120, startAt);
    const { webhooks } = await gateway.authenticate(sub.id, 'captured');
    expect(events(webhooks)).toEqual(['subscription.authenticated:authenticated']);
    expect(await charges(sub.id)).toMatchObject([{ amount: 500, status: 'refunded' }]);
    expect(await gateway.chargeDueSubscriptions(new Date((startAt - 1) * 1000))).toEqual([]);
    const first = await gateway.chargeDueSubscriptions(new Date(startAt * 1000));
    expect(events(first)).toEqual(['subscription.activated:active', 'subscription.charged:active']);
    expect(read(first)[1]?.subscription).toMatchObject({ paidCount: 1, currentStart: startAt });
  });

  it("lists a subscription's charges: not the trial's ₹5 authorisation, not a failed charge, a refunded one as refunded", async () => {
    const startAt = T0 + 7 * 86_400;
    const sub = await subscribe(120, startAt);
    await gateway.authenticate(sub.id, 'captured');
    expect(await gateway.fetchSubscriptionCharges(sub.id)).toEqual([]);
    const first = read(await gateway.chargeDueSubscriptions(new Date(startAt * 1000)))[1]?.payment;
    clock = startAt + 31 * 86_400;
    await gateway.chargeDueSubscriptions(new Date(clock * 1000), { fail: true });
    const second = read(await gateway.chargeDueSubscriptions(new Date(clock * 1000)))
      .map((delivery) => delivery.payment)
      .find(Boolean);
    await gateway.refundPayment(String(second?.id), 99_900, 'refund-second-charge');
    const listed = await gateway.fetchSubscriptionCharges(sub.id);
    expect(listed.map((charge) => [charge.id, charge.amount, charge.status])).toEqual([
      [first?.id, 99_900, 'captured'],
      [second?.id, 99_900, 'refunded'],
    ]);
    await expect(gateway.fetchSubscriptionCharges('sub_unknown')).rejects.toBeInstanceOf(GatewayRejectedError);
  });

  it(`a failing run: pending, pending, halted after ${SANDBOX_CHARGE_ATTEMPTS}; a failing run leaves it halted, a paying one makes it active`, async () => {
    const sub = await subscribe();
    await gateway.authenticate(sub.id, 'captured');
    const due = at('2026-12-01T00:00:00Z');
    expect(events(await gateway.chargeDueSubscriptions(due, { fail: true }))).toEqual(['subscription.pending:pending']);
    expect(events(await gateway.chargeDueSubscriptions(due, { fail: true }))).toEqual(['subscription.pending:pending']);
    expect(events(await gateway.chargeDueSubscriptions(due, { fail: true }))).toEqual(['subscription.halted:halted']);
    expect(await gateway.chargeDueSubscriptions(due, { fail: true })).toEqual([]);
    expect(await gateway.fetchSubscription(sub.id)).toMatchObject({ status: 'halted', paidCount: 1 });
    expect((await charges(sub.id)).map((charge) => charge.status)).toEqual(['captured', 'failed', 'failed', 'failed']);
    const later = at('2026-12-10T00:00:00Z');
    const back = await gateway.chargeDueSubscriptions(later);
    expect(events(back)).toEqual(['subscription.activated:active', 'subscription.charged:active']);
    expect(read(back)[1]?.subscription).toMatchObject({ paidCount: 2, currentStart: later.getTime() / 1000 });
    // Failures count afresh after a captured charge.
    expect(events(await gateway.chargeDueSubscriptions(at('2027-01-10T00:00:00Z'), { fail: true }))).toEqual([
      'subscription.pending:pending',
    ]);
  });

  it('a pending subscription that pays on the next run is active again, its cycle counted from when it was due', async () => {
    const sub = await subscribe();
    await gateway.authenticate(sub.id, 'captured');
    const due = at('2026-12-01T00:00:00Z');
    await gateway.chargeDueSubscriptions(due, { fail: true });
    const paid = await gateway.chargeDueSubscriptions(at('2026-12-02T00:00:00Z'));
    expect(events(paid)).toEqual(['subscription.charged:active']);
    expect(read(paid)[0]?.subscription).toMatchObject({ currentStart: due.getTime() / 1000, paidCount: 2 });
  });

  it('cancels at once (a cancelled webhook) or at cycle end (active, then cancelled by the run, never charged again)', async () => {
    const now = await subscribe();
    await gateway.authenticate(now.id, 'captured');
    sent = [];
    clock = T0 + 3600;
    expect(await gateway.cancelSubscription(now.id, { atCycleEnd: false })).toMatchObject({
      status: 'cancelled',
      endedAt: T0 + 3600,
      chargeAt: null,
    });
    expect(events(sent)).toEqual(['subscription.cancelled:cancelled']);
    expect((await rejection(gateway.cancelSubscription(now.id, { atCycleEnd: false })))?.message).toBe(
      'Subscription is not cancellable in cancelled status.',
    );

    clock = T0;
    const later = await subscribe();
    await gateway.authenticate(later.id, 'captured');
    const dec1 = Date.UTC(2026, 11, 1) / 1000;
    expect(await gateway.cancelSubscription(later.id, { atCycleEnd: true })).toMatchObject({
      status: 'active',
      currentEnd: dec1,
      endedAt: null,
    });
    expect(await gateway.chargeDueSubscriptions(new Date((dec1 - 1) * 1000))).toEqual([]);
    const ended = await gateway.chargeDueSubscriptions(new Date(dec1 * 1000));
    expect(events(ended)).toEqual(['subscription.cancelled:cancelled']);
    expect(await gateway.fetchSubscription(later.id)).toMatchObject({
      status: 'cancelled',
      endedAt: dec1,
      paidCount: 1,
    });
    expect(await charges(later.id)).toHaveLength(1);

    // Never paid: cancelled at once even when asked for the cycle's end.
    const unpaid = await subscribe();
    expect((await gateway.cancelSubscription(unpaid.id, { atCycleEnd: true })).status).toBe('cancelled');
  });

  it('pause: not charged while paused (a paused webhook); resume: charged again by the next run (a resumed webhook)', async () => {
    const sub = await subscribe();
    expect((await rejection(gateway.pauseSubscription(sub.id)))?.message).toBe(
      'Subscription cannot be paused in created status.',
    );
    await gateway.authenticate(sub.id, 'captured');
    sent = [];
    expect(await gateway.pauseSubscription(sub.id)).toMatchObject({ status: 'paused', chargeAt: null });
    expect(events(sent)).toEqual(['subscription.paused:paused']);
    expect(await gateway.chargeDueSubscriptions(at('2027-03-01T00:00:00Z'))).toEqual([]);
    expect(await gateway.chargeDueSubscriptions(at('2027-03-01T00:00:00Z'), { fail: true })).toEqual([]);
    clock = Date.UTC(2027, 2, 1) / 1000;
    sent = [];
    expect(await gateway.resumeSubscription(sub.id)).toMatchObject({ status: 'active', chargeAt: clock });
    expect(events(sent)).toEqual(['subscription.resumed:active']);
    expect((await rejection(gateway.resumeSubscription(sub.id)))?.message).toBe(
      'Subscription cannot be resumed in active status.',
    );
    const charged = await gateway.chargeDueSubscriptions(at('2027-03-01T00:00:00Z'));
    expect(events(charged)).toEqual(['subscription.charged:active']);
    expect(read(charged)[0]?.subscription).toMatchObject({ paidCount: 2, currentStart: clock });
  });

  it('two renewal runs at once charge a due cycle once', async () => {
    const sub = await subscribe();
    await gateway.authenticate(sub.id, 'captured');
    const due = at('2026-12-01T00:00:00Z');
    const runs = await Promise.all([gateway.chargeDueSubscriptions(due), gateway.chargeDueSubscriptions(due)]);
    expect(events(runs.flat())).toEqual(['subscription.charged:active']);
    expect(await charges(sub.id)).toHaveLength(2);
    expect((await gateway.fetchSubscription(sub.id)).paidCount).toBe(2);
  });

  it('charges every due subscription in one run and each webhook is signed with the webhook secret', async () => {
    const subs = [await subscribe(), await subscribe(), await subscribe()];
    for (const sub of subs) await gateway.authenticate(sub.id, 'captured');
    const run = await gateway.chargeDueSubscriptions(at('2026-12-01T00:00:00Z'));
    expect(
      read(run)
        .map((delivery) => delivery.subscription.id)
        .sort(),
    ).toEqual(subs.map((sub) => sub.id).sort());
    for (const delivery of run) {
      expect(delivery.headers['x-razorpay-signature']).toBe(hmacHex(secrets.webhook, delivery.body));
      expect(delivery.headers['x-razorpay-event-id']).toMatch(/^evt_/);
    }
    expect(new Set(run.map((delivery) => delivery.headers['x-razorpay-event-id'])).size).toBe(run.length);
  });
});
