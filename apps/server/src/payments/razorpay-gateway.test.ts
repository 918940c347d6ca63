import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeDelivery,
  type FakeRazorpay,
  replayed,
  reversed,
  startFakeRazorpay,
} from '../../test/fake-razorpay.js';
import { hmacHex } from '../auth/signatures.js';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  SUBSCRIPTION_EVENTS,
  type SubscriptionDelivery,
} from './gateway.js';
import { RazorpayGateway, toGatewayPayment } from './razorpay-gateway.js';
import { paymentSignature } from './signatures.js';

let fake: FakeRazorpay;
let gateway: RazorpayGateway;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  gateway = new RazorpayGateway({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
    checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    timeoutMs: 1_000,
  });
});
afterAll(() => fake.close());

describe('RazorpayGateway against the documented API', () => {
  it('creates an order in paise with Basic auth, INR and our receipt', async () => {
    const order = await gateway.createOrder({
      amountPaise: 499_900,
      receipt: 'our-order-1',
      notes: { orderId: 'our-order-1' },
    });
    expect(order).toMatchObject({ amount: 499_900, currency: 'INR', status: 'created' });
    const sent = fake.requests.at(-1);
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
    );
    expect(sent?.body).toEqual({
      amount: 499_900,
      currency: 'INR',
      receipt: 'our-order-1',
      notes: { orderId: 'our-order-1' },
    });
  });

  it('surfaces a refusal (amount under ₹1) as a rejection', async () => {
    await expect(gateway.createOrder({ amountPaise: 99, receipt: 'x', notes: {} })).rejects.toBeInstanceOf(
      GatewayRejectedError,
    );
  });

  it('lists an order’s payments and verifies their signatures', async () => {
    const order = await gateway.createOrder({ amountPaise: 10_000, receipt: 'r2', notes: {} });
    const paid = fake.pay(order.id);
    const payments = await gateway.fetchOrderPayments(order.id);
    expect(payments).toEqual([
      {
        id: paid.razorpay_payment_id,
        orderId: order.id,
        amount: 10_000,
        currency: 'INR',
        status: 'captured',
        amountRefunded: 0,
        international: false,
      },
    ]);
    expect(gateway.verifyPaymentSignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);
    expect(
      gateway.verifyPaymentSignature(
        order.id,
        paid.razorpay_payment_id,
        `${paid.razorpay_signature.slice(0, -1)}${paid.razorpay_signature.endsWith('0') ? '1' : '0'}`,
      ),
    ).toBe(false);
    expect(gateway.verifyPaymentSignature('order_other', paid.razorpay_payment_id, paid.razorpay_signature)).toBe(
      false,
    );
    expect(gateway.verifyPaymentSignature(order.id, paid.razorpay_payment_id, undefined)).toBe(false);
    expect(gateway.verifyPaymentSignature(order.id, paid.razorpay_payment_id, 'not-hex')).toBe(false);
  });

  it('refunds once per idempotency key, sent as Razorpay’s X-Refund-Idempotency header', async () => {
    const order = await gateway.createOrder({ amountPaise: 20_000, receipt: 'r3', notes: {} });
    const paid = fake.pay(order.id);
    const first = await gateway.refundPayment(paid.razorpay_payment_id, 20_000, 'refund-order-r3');
    const again = await gateway.refundPayment(paid.razorpay_payment_id, 20_000, 'refund-order-r3');
    expect(again.id).toBe(first.id);
    expect(fake.requests.at(-1)?.headers['x-refund-idempotency']).toBe('refund-order-r3');
    expect(fake.refunds.filter((refund) => refund.payment_id === paid.razorpay_payment_id)).toHaveLength(1);
    expect(fake.payments.get(paid.razorpay_payment_id)?.amount_refunded).toBe(20_000);
  });

  it("reads Razorpay's webhooks and checkout answers into the port's shapes", () => {
    const signed = (body: string, eventId?: string) =>
      gateway.readWebhook(Buffer.from(body), {
        'x-razorpay-signature': hmacHex(fake.webhookSecret, body),
        ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
      });
    const entity = { id: 'pay_1', order_id: 'order_p', amount: 500, status: 'captured' };
    expect(gateway.readWebhook(Buffer.from('{}'), { 'x-razorpay-signature': 'ab' })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(gateway.readWebhook(Buffer.from('{}'), { 'x-razorpay-signature': ['a', 'b'] })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(signed('not json')).toEqual({ ok: false, reason: 'body' });
    expect(signed('null')).toEqual({ ok: false, reason: 'body' });
    const orderPaid = JSON.stringify({
      event: 'order.paid',
      payload: { order: { entity: { id: 'order_o' } }, payment: { entity } },
    });
    expect(signed(orderPaid, 'evt_1')).toEqual({
      ok: true,
      delivery: {
        eventId: 'evt_1',
        type: 'order.paid',
        kind: 'paid',
        gatewayOrderId: 'order_o',
        payment: {
          id: 'pay_1',
          gatewayOrderId: 'order_p',
          amount: 500,
          amountRefunded: undefined,
          failure: undefined,
        },
        refund: undefined,
      },
    });
    const failed = { ...entity, status: 'failed', error_description: 'Declined', amount_refunded: 0 };
    const refund = { id: 'rfnd_1', payment_id: 'pay_1', amount: 500 };
    const refunded = signed(
      JSON.stringify({
        event: 'refund.processed',
        payload: { order: { entity: { id: 'order_o' } }, payment: { entity: failed }, refund: { entity: refund } },
      }),
    );
    expect(refunded).toMatchObject({
      ok: true,
      delivery: {
        eventId: undefined,
        kind: 'refunded',
        gatewayOrderId: 'order_p',
        payment: { amountRefunded: 0, failure: 'Declined' },
        refund: { id: 'rfnd_1', amount: 500 },
      },
    });
    expect(signed(JSON.stringify({ event: 'payment.failed', payload: { payment: { entity } } }))).toMatchObject({
      delivery: { kind: 'failed', gatewayOrderId: 'order_p' },
    });
    expect(signed(JSON.stringify({ event: 'payment.authorized' }))).toMatchObject({
      delivery: { kind: 'other', type: 'payment.authorized', gatewayOrderId: undefined, payment: undefined },
    });
    expect(signed(JSON.stringify({ event: 'toString' }))).toMatchObject({ delivery: { kind: 'other' } });

    const answer = { razorpay_order_id: 'order_a', razorpay_payment_id: 'pay_b', razorpay_signature: 'sig' };
    expect(gateway.readConfirmation(answer)).toEqual({
      gatewayOrderId: 'order_a',
      paymentId: 'pay_b',
      signature: 'sig',
    });
    for (const field of Object.keys(answer))
      expect(gateway.readConfirmation({ ...answer, [field]: 1 }), field).toBeNull();
  });

  it('verifies webhook signatures over the raw body', () => {
    const body = '{"event":"order.paid"}';
    expect(gateway.verifyWebhookSignature(body, hmacHex(fake.webhookSecret, body))).toBe(true);
    expect(gateway.verifyWebhookSignature(`${body} `, hmacHex(fake.webhookSecret, body))).toBe(false);
  });

  it('reports a down or slow gateway as unavailable within its timeout', async () => {
    fake.mode = 'down';
    await expect(gateway.createOrder({ amountPaise: 10_000, receipt: 'r4', notes: {} })).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    fake.mode = 'slow';
    fake.delayMs = 3_000;
    const started = Date.now();
    await expect(gateway.createOrder({ amountPaise: 10_000, receipt: 'r5', notes: {} })).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(2_500);
    fake.mode = 'up';
  });
});

describe('RazorpayGateway, details a caller relies on', () => {
  it('takes an API URL with or without its trailing slash', async () => {
    const slashed = new RazorpayGateway({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      webhookSecret: fake.webhookSecret,
      apiUrl: `${fake.url}/`,
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    const order = await slashed.createOrder({ amountPaise: 10_000, receipt: 'slash', notes: {} });
    expect(fake.requests.at(-1)?.path).toBe('/v1/orders');
    expect(fake.orders.get(order.id)?.receipt).toBe('slash');
    expect(slashed).toMatchObject({ mode: 'razorpay', keyId: fake.keyId });
  });

  it("sends a refund's amount, normal speed and a receipt of at most 40 characters, and answers the refund", async () => {
    const order = await gateway.createOrder({ amountPaise: 30_000, receipt: 'r6', notes: {} });
    const paid = fake.pay(order.id);
    const key = `refund-${'x'.repeat(50)}`;
    const refund = await gateway.refundPayment(paid.razorpay_payment_id, 30_000, key);
    expect(fake.requests.at(-1)?.body).toEqual({ amount: 30_000, speed: 'normal', receipt: key.slice(0, 40) });
    expect(fake.requests.at(-1)?.headers['content-type']).toBe('application/json');
    expect(refund).toEqual({
      id: fake.refunds.at(-1)?.id,
      paymentId: paid.razorpay_payment_id,
      amount: 30_000,
      status: 'processed',
    });
    const [listed] = await gateway.fetchOrderPayments(order.id);
    expect(listed).toMatchObject({ status: 'refunded', amountRefunded: 30_000 });
    expect(
      toGatewayPayment({ id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR', status: 'failed' }),
    ).toEqual({
      id: 'pay_1',
      orderId: 'order_1',
      amount: 100,
      currency: 'INR',
      status: 'failed',
      amountRefunded: 0,
      international: false,
    });
  });

  it('passes on the description of a refusal', async () => {
    const error = await gateway.createOrder({ amountPaise: 99, receipt: 'x', notes: {} }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(GatewayRejectedError);
    expect((error as Error).message).toBe('The amount must be atleast INR 1.00');
  });

  describe('answers that are not what Razorpay documents', () => {
    const answers: { status: number; body: string }[] = [];
    let url = '';
    const server = createServer((_request, response) => {
      const next = answers.shift() ?? { status: 200, body: '{}' };
      response.writeHead(next.status, { 'content-type': 'text/html' });
      response.end(next.body);
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const against = (apiUrl: string) =>
      new RazorpayGateway({
        keyId: 'k',
        keySecret: 's',
        webhookSecret: 'w',
        apiUrl,
        checkoutUrl: 'c',
        timeoutMs: 1_000,
      });
    const failure = (status: number, body: string) => {
      answers.push({ status, body });
      return against(url)
        .fetchOrderPayments('order_1')
        .then(
          () => null,
          (error: Error) => error,
        );
    };

    it('a server error, even a plain 500, is an outage', async () => {
      const error = await failure(500, '{"error":{"description":"Internal"}}');
      expect(error).toBeInstanceOf(GatewayUnavailableError);
      expect(error?.message).toBe('payment gateway answered 500');
    });

    it('a refusal without a description names its status', async () => {
      const error = await failure(404, '');
      expect(error).toBeInstanceOf(GatewayRejectedError);
      expect(error?.message).toBe('payment gateway refused (404)');
    });

    it("a proxy's HTML page is a refusal when it says 4xx and tells nothing (an outage) when it says 200", async () => {
      const refused = await failure(403, '<html>Forbidden</html>');
      expect(refused).toBeInstanceOf(GatewayRejectedError);
      expect(refused?.message).toBe('payment gateway refused (403)');
      const garbled = await failure(200, '<html>Welcome to the hotel network</html>');
      expect(garbled).toBeInstanceOf(GatewayUnavailableError);
      expect(garbled?.message).toBe('payment gateway answered 200 with a body that is not JSON');
      // The log names the kind of failure.
      expect([refused?.name, garbled?.name]).toEqual(['GatewayRejectedError', 'GatewayUnavailableError']);
      for (const body of ['null', '5', '"ok"'])
        expect(await failure(200, body)).toBeInstanceOf(GatewayUnavailableError);
    });

    it('a gateway that cannot be reached is an outage that says why', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const error = await against(`http://127.0.0.1:${port}/v1`)
        .fetchOrderPayments('order_1')
        .catch((e: Error) => e);
      expect(error).toBeInstanceOf(GatewayUnavailableError);
      expect((error as Error).message).toMatch(/^payment gateway unreachable: ./);
    });
  });
});

describe('RazorpayGateway: subscriptions (issue 34) against the documented API', () => {
  // 2026-11-01T00:00:00Z, the stand-in's clock for these tests.
  const T0 = Date.UTC(2026, 10, 1) / 1000;
  afterEach(() => {
    fake.now = undefined;
  });

  const quarterly = () =>
    gateway.createPlan({
      period: 'monthly',
      interval: 3,
      amountPaise: 299_900,
      name: "Trader's club (quarterly)",
      description: 'Every course and the weekly sessions',
      notes: { planId: 'plan-local-1' },
    });
  /** What each delivery reads as: its event and the subscription's status then. */
  const read = (deliveries: FakeDelivery[]): SubscriptionDelivery[] =>
    deliveries.map((delivery) => {
      const reading = gateway.readWebhook(Buffer.from(delivery.body), delivery.headers);
      if (!reading.ok || reading.delivery.kind !== 'subscription' || !reading.delivery.subscription)
        throw new Error(`not a subscription delivery: ${delivery.body}`);
      return reading.delivery.subscription;
    });
  const events = (deliveries: FakeDelivery[]) =>
    read(deliveries).map(({ event, subscription }) => `${event}:${subscription.status}`);

  it('creates a plan with its price as the item, in paise and INR (a quarter is monthly, interval 3)', async () => {
    const plan = await quarterly();
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/plans',
      body: {
        period: 'monthly',
        interval: 3,
        item: {
          name: "Trader's club (quarterly)",
          amount: 299_900,
          currency: 'INR',
          description: 'Every course and the weekly sessions',
        },
        notes: { planId: 'plan-local-1' },
      },
    });
    expect(plan).toEqual({
      id: expect.stringMatching(/^plan_/),
      period: 'monthly',
      interval: 3,
      amountPaise: 299_900,
      currency: 'INR',
      name: "Trader's club (quarterly)",
      description: 'Every course and the weekly sessions',
      notes: { planId: 'plan-local-1' },
    });
    expect(fake.plans.get(plan.id)?.item.amount).toBe(299_900);
    await expect(
      gateway.createPlan({ period: 'monthly', interval: 1, amountPaise: 99, name: 'x', description: '', notes: {} }),
    ).rejects.toBeInstanceOf(GatewayRejectedError);
  });

  it('creates a subscription with total_count, quantity 1, customer_notify and start_at; fetches it', async () => {
    fake.now = T0;
    const plan = await quarterly();
    const created = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      startAt: T0 + 7 * 86_400,
      notes: { subscriptionId: 'local-sub-1', userId: 'u1' },
      customerNotify: false,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/subscriptions',
      body: {
        plan_id: plan.id,
        total_count: 40,
        quantity: 1,
        customer_notify: 0,
        start_at: T0 + 7 * 86_400,
        notes: { subscriptionId: 'local-sub-1', userId: 'u1' },
      },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^sub_/),
      planId: plan.id,
      status: 'created',
      totalCount: 40,
      paidCount: 0,
      currentStart: null,
      currentEnd: null,
      chargeAt: T0 + 7 * 86_400,
      startAt: T0 + 7 * 86_400,
      endedAt: null,
      customerNotify: false,
      notes: { subscriptionId: 'local-sub-1', userId: 'u1' },
    });
    expect(await gateway.fetchSubscription(created.id)).toEqual(created);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${created.id}` });

    const now = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 1,
      notes: {},
      customerNotify: true,
    });
    expect(fake.requests.at(-1)?.body).toEqual({
      plan_id: plan.id,
      total_count: 1,
      quantity: 1,
      customer_notify: 1,
      notes: {},
    });
    expect(now).toMatchObject({ startAt: null, chargeAt: null, customerNotify: true });

    await expect(
      gateway.createSubscription({ gatewayPlanId: 'plan_nope', totalCount: 12, notes: {}, customerNotify: true }),
    ).rejects.toBeInstanceOf(GatewayRejectedError);
    await expect(gateway.fetchSubscription('sub_nope')).rejects.toBeInstanceOf(GatewayRejectedError);
    fake.mode = 'down';
    try {
      await expect(gateway.fetchSubscription(created.id)).rejects.toBeInstanceOf(GatewayUnavailableError);
    } finally {
      fake.mode = 'up';
    }
  });

  it('cancels at once (cancel_at_cycle_end 0): cancelled, ended, nothing more to charge; twice is refused', async () => {
    fake.now = T0;
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      notes: {},
      customerNotify: true,
    });
    fake.authenticateSubscription(sub.id);
    fake.now = T0 + 100;
    const cancelled = await gateway.cancelSubscription(sub.id, { atCycleEnd: false });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${sub.id}/cancel`,
      body: { cancel_at_cycle_end: 0 },
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', endedAt: T0 + 100, chargeAt: null, paidCount: 1 });
    await expect(gateway.cancelSubscription(sub.id, { atCycleEnd: false })).rejects.toThrow(
      'Subscription is not cancellable in cancelled status.',
    );
  });

  it('cancels at cycle end (cancel_at_cycle_end 1): active until the paid quarter ends, then cancelled, never charged', async () => {
    fake.now = T0;
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      notes: {},
      customerNotify: true,
    });
    fake.authenticateSubscription(sub.id);
    const later = await gateway.cancelSubscription(sub.id, { atCycleEnd: true });
    expect(fake.requests.at(-1)?.body).toEqual({ cancel_at_cycle_end: 1 });
    const quarterEnd = Date.UTC(2027, 1, 1) / 1000;
    expect(later).toMatchObject({ status: 'active', currentStart: T0, currentEnd: quarterEnd, paidCount: 1 });
    const paymentsBefore = fake.payments.size;
    expect(events(fake.chargeSubscription(sub.id))).toEqual(['subscription.cancelled:cancelled']);
    expect(fake.payments.size).toBe(paymentsBefore);
    expect(await gateway.fetchSubscription(sub.id)).toMatchObject({
      status: 'cancelled',
      endedAt: quarterEnd,
      chargeAt: null,
    });
  });

  it('pauses an active subscription (pause_at now) and resumes a paused one (resume_at now); refuses otherwise', async () => {
    fake.now = T0;
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      notes: {},
      customerNotify: true,
    });
    await expect(gateway.pauseSubscription(sub.id)).rejects.toThrow('Subscription cannot be paused in created status.');
    fake.authenticateSubscription(sub.id);
    const paused = await gateway.pauseSubscription(sub.id);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${sub.id}/pause`,
      body: { pause_at: 'now' },
    });
    expect(paused).toMatchObject({ status: 'paused', chargeAt: null, paidCount: 1 });
    await expect(gateway.pauseSubscription(sub.id)).rejects.toBeInstanceOf(GatewayRejectedError);
    const resumed = await gateway.resumeSubscription(sub.id);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${sub.id}/resume`,
      body: { resume_at: 'now' },
    });
    expect(resumed).toMatchObject({ status: 'active', chargeAt: Date.UTC(2027, 1, 1) / 1000 });
    await expect(gateway.resumeSubscription(sub.id)).rejects.toThrow(
      'Subscription cannot be resumed in active status.',
    );
  });

  it("verifies the checkout's answer as HMAC-SHA256 of payment_id|subscription_id with the key secret, nothing else", async () => {
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      notes: {},
      customerNotify: true,
    });
    const other = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      notes: {},
      customerNotify: true,
    });
    const { answer } = fake.authenticateSubscription(sub.id);
    const confirmation = gateway.readSubscriptionConfirmation(answer);
    expect(confirmation).toEqual({
      gatewaySubscriptionId: sub.id,
      paymentId: answer.razorpay_payment_id,
      signature: answer.razorpay_signature,
    });
    expect(answer.razorpay_signature).toBe(hmacHex(fake.keySecret, `${answer.razorpay_payment_id}|${sub.id}`));
    expect(gateway.verifySubscriptionSignature(sub.id, answer.razorpay_payment_id, answer.razorpay_signature)).toBe(
      true,
    );
    // A tampered payment id, another subscription's id, the order-style signature (id|payment), none, the webhook secret.
    expect(
      gateway.verifySubscriptionSignature(sub.id, `${answer.razorpay_payment_id}x`, answer.razorpay_signature),
    ).toBe(false);
    expect(gateway.verifySubscriptionSignature(other.id, answer.razorpay_payment_id, answer.razorpay_signature)).toBe(
      false,
    );
    const orderStyle = paymentSignature(fake.keySecret, sub.id, answer.razorpay_payment_id);
    expect(gateway.verifySubscriptionSignature(sub.id, answer.razorpay_payment_id, orderStyle)).toBe(false);
    expect(gateway.verifySubscriptionSignature(sub.id, answer.razorpay_payment_id, undefined)).toBe(false);
    const withWebhookSecret = hmacHex(fake.webhookSecret, `${answer.razorpay_payment_id}|${sub.id}`);
    expect(gateway.verifySubscriptionSignature(sub.id, answer.razorpay_payment_id, withWebhookSecret)).toBe(false);
    // An order's checkout answer is not a subscription's, and the other way round.
    expect(gateway.readSubscriptionConfirmation({ ...answer, razorpay_subscription_id: 5 })).toBeNull();
    expect(
      gateway.readSubscriptionConfirmation({
        razorpay_order_id: 'order_1',
        razorpay_payment_id: 'p',
        razorpay_signature: 's',
      }),
    ).toBeNull();
    expect(gateway.readConfirmation(answer)).toBeNull();
  });

  it('reads the webhooks of a subscription’s life: authenticated, activated, charged with its payment, renewed, completed', async () => {
    fake.now = T0;
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 2,
      notes: { userId: 'u9' },
      customerNotify: true,
    });
    const first = fake.authenticateSubscription(sub.id);
    expect(events(first.webhooks)).toEqual([
      'subscription.authenticated:authenticated',
      'subscription.activated:active',
      'subscription.charged:active',
    ]);
    const charged = read(first.webhooks)[2];
    expect(charged?.subscription).toEqual({
      id: sub.id,
      planId: plan.id,
      status: 'active',
      totalCount: 2,
      paidCount: 1,
      currentStart: T0,
      currentEnd: Date.UTC(2027, 1, 1) / 1000,
      chargeAt: Date.UTC(2027, 1, 1) / 1000,
      startAt: null,
      endedAt: null,
      customerNotify: true,
      notes: { userId: 'u9' },
    });
    const payment = fake.payments.get(first.answer.razorpay_payment_id);
    expect(charged?.payment).toEqual({
      id: first.answer.razorpay_payment_id,
      amount: 299_900,
      currency: 'INR',
      status: 'captured',
      international: false,
      invoiceId: payment?.invoice_id,
      orderId: payment?.order_id,
    });
    expect(payment?.invoice_id).toMatch(/^inv_/);
    // The first reading keeps the order side apart: a subscription delivery names no order of ours.
    const whole = gateway.readWebhook(Buffer.from(first.webhooks[2]?.body ?? ''), first.webhooks[2]?.headers ?? {});
    expect(whole).toMatchObject({
      ok: true,
      delivery: { kind: 'subscription', type: 'subscription.charged', gatewayOrderId: undefined, payment: undefined },
    });
    expect(whole.ok && whole.delivery.eventId).toMatch(/^evt_/);

    const renewal = fake.chargeSubscription(sub.id);
    expect(events(renewal)).toEqual(['subscription.charged:active', 'subscription.completed:completed']);
    const [renewed, completed] = read(renewal);
    expect(renewed?.subscription).toMatchObject({
      paidCount: 2,
      currentStart: Date.UTC(2027, 1, 1) / 1000,
      currentEnd: Date.UTC(2027, 4, 1) / 1000,
    });
    expect(renewed?.payment?.id).not.toBe(first.answer.razorpay_payment_id);
    expect(completed?.subscription).toMatchObject({
      status: 'completed',
      chargeAt: null,
      endedAt: Date.UTC(2027, 1, 1) / 1000,
    });
  });

  it('a trial: authenticated with a ₹5 refunded authorisation, activated and charged when start_at comes', async () => {
    fake.now = T0;
    const plan = await quarterly();
    const startAt = T0 + 7 * 86_400;
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      startAt,
      notes: {},
      customerNotify: true,
    });
    const auth = fake.authenticateSubscription(sub.id);
    expect(events(auth.webhooks)).toEqual(['subscription.authenticated:authenticated']);
    expect(fake.payments.get(auth.answer.razorpay_payment_id)).toMatchObject({ amount: 500, status: 'refunded' });
    expect(
      gateway.verifySubscriptionSignature(sub.id, auth.answer.razorpay_payment_id, auth.answer.razorpay_signature),
    ).toBe(true);
    const first = fake.chargeSubscription(sub.id);
    expect(events(first)).toEqual(['subscription.activated:active', 'subscription.charged:active']);
    expect(read(first)[1]).toMatchObject({
      subscription: { paidCount: 1, currentStart: startAt },
      payment: { amount: 299_900 },
    });
  });

  it("lists a subscription's charges from its invoices, each payment read: not the trial's authorisation, not a failed charge, a refund as it stands", async () => {
    fake.now = T0;
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      startAt: T0 + 7 * 86_400,
      notes: {},
      customerNotify: true,
    });
    fake.authenticateSubscription(sub.id);
    expect(await gateway.fetchSubscriptionCharges(sub.id)).toEqual([]);
    const paymentOf = (deliveries: FakeDelivery[]) => read(deliveries).find((delivery) => delivery.payment)?.payment;
    const first = paymentOf(fake.chargeSubscription(sub.id));
    fake.chargeSubscription(sub.id, 'failed');
    const second = paymentOf(fake.chargeSubscription(sub.id));
    await gateway.refundPayment(String(second?.id), 299_900, 'refund-second-charge');
    const charges = await gateway.fetchSubscriptionCharges(sub.id);
    expect(charges.map((charge) => [charge.id, charge.amount, charge.status])).toEqual([
      [first?.id, 299_900, 'captured'],
      [second?.id, 299_900, 'refunded'],
    ]);
    expect(fake.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toContain(
      'GET /v1/invoices',
    );
    await expect(gateway.fetchSubscriptionCharges('sub_unknown')).rejects.toBeInstanceOf(GatewayRejectedError);
  });

  it('a failing renewal: pending on each failure, halted after the third; a captured charge makes it active again', async () => {
    fake.now = T0;
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 40,
      notes: {},
      customerNotify: true,
    });
    fake.authenticateSubscription(sub.id);
    expect(events(fake.chargeSubscription(sub.id, 'failed'))).toEqual(['subscription.pending:pending']);
    expect(events(fake.chargeSubscription(sub.id, 'failed'))).toEqual(['subscription.pending:pending']);
    expect(events(fake.chargeSubscription(sub.id, 'failed'))).toEqual(['subscription.halted:halted']);
    expect(await gateway.fetchSubscription(sub.id)).toMatchObject({ status: 'halted', paidCount: 1 });
    const back = fake.chargeSubscription(sub.id);
    expect(events(back)).toEqual(['subscription.activated:active', 'subscription.charged:active']);
    expect(read(back)[1]?.subscription.paidCount).toBe(2);
  });

  it('reads each of the nine subscription events, and refuses a delivery whose signature does not match its bytes', async () => {
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 12,
      notes: {},
      customerNotify: true,
    });
    for (const event of SUBSCRIPTION_EVENTS) {
      const delivery = fake.subscriptionWebhook(event, sub.id, undefined, `evt_${event}`);
      const reading = gateway.readWebhook(Buffer.from(delivery.body), delivery.headers);
      expect(reading, event).toEqual({
        ok: true,
        delivery: {
          eventId: `evt_${event}`,
          type: event,
          kind: 'subscription',
          gatewayOrderId: undefined,
          payment: undefined,
          refund: undefined,
          subscription: { event, subscription: await gateway.fetchSubscription(sub.id), payment: undefined },
        },
      });
      const tampered = delivery.body.replace('"status":"created"', '"status":"active"');
      expect(tampered).not.toBe(delivery.body);
      expect(gateway.readWebhook(Buffer.from(tampered), delivery.headers)).toEqual({ ok: false, reason: 'signature' });
      expect(
        gateway.readWebhook(Buffer.from(delivery.body), { ...delivery.headers, 'x-razorpay-signature': undefined }),
      ).toEqual({
        ok: false,
        reason: 'signature',
      });
    }
    // An unknown subscription.* event, or one without its entity, is just another event; one without an id is unreadable.
    const signed = (body: object) => {
      const text = JSON.stringify(body);
      return gateway.readWebhook(Buffer.from(text), { 'x-razorpay-signature': hmacHex(fake.webhookSecret, text) });
    };
    const entity = fake.subscriptions.get(sub.id);
    expect(signed({ event: 'subscription.updated', payload: { subscription: { entity } } })).toMatchObject({
      ok: true,
      delivery: { kind: 'other' },
    });
    expect(signed({ event: 'subscription.charged', payload: {} })).toMatchObject({
      ok: true,
      delivery: { kind: 'other' },
    });
    expect(
      signed({ event: 'subscription.charged', payload: { subscription: { entity: { ...entity, id: 7 } } } }),
    ).toEqual({ ok: false, reason: 'body' });
    // Razorpay's empty notes come as [].
    const emptyNotes = signed({
      event: 'subscription.halted',
      payload: { subscription: { entity: { ...entity, notes: [] } } },
    });
    expect(emptyNotes.ok && emptyNotes.delivery.subscription?.subscription.notes).toEqual({});
  });

  it('delivers signed webhooks to a URL in the order given: replays and out-of-order', async () => {
    const plan = await quarterly();
    const sub = await gateway.createSubscription({
      gatewayPlanId: plan.id,
      totalCount: 12,
      notes: {},
      customerNotify: true,
    });
    const { webhooks } = fake.authenticateSubscription(sub.id);
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const ok = gateway.verifyWebhookSignature(body, String(req.headers['x-razorpay-signature']));
        received.push(`${JSON.parse(body).event}${ok ? '' : ' (bad signature)'}`);
        res.statusCode = 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/razorpay`;
      expect(await fake.deliver(url, reversed(webhooks))).toEqual([200, 200, 200]);
      expect(received).toEqual(['subscription.charged', 'subscription.activated', 'subscription.authenticated']);
      received.length = 0;
      await fake.deliver(url, replayed(webhooks.slice(2)));
      expect(received).toEqual(['subscription.charged', 'subscription.charged']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
