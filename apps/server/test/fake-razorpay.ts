import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { hmacHex } from '../src/auth/signatures.js';
import { cycleEnd } from '../src/payments/billing-cycles.js';
import type { GatewayPlanPeriod, GatewaySubscriptionStatus, SubscriptionEvent } from '../src/payments/gateway.js';
import { signedRazorpayWebhook } from '../src/payments/razorpay-wire.js';
import { paymentSignature, subscriptionSignature } from '../src/payments/signatures.js';

/**
 * A local stand-in for Razorpay's Orders and Payments API (v1), following its documented behaviour:
 * Basic auth with key_id:key_secret; orders need an integer `amount` >= 100 paise, `currency` INR and a
 * `receipt` of at most 40 characters; errors come as `{ error: { code, description, field } }`.
 * Tests drive the customer's side with `pay()` and the webhooks with `webhook()`.
 */
export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  captured: boolean;
  /** Paid with a card issued abroad (Razorpay's payment entity field). */
  international: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  email: string;
  contact: string;
  error_code: string | null;
  /** The subscription invoice a charge pays (Razorpay's payment entity field); absent on an order's payment. */
  invoice_id?: string | null;
  created_at: number;
}

/** Razorpay's plan entity (POST /v1/plans). */
export interface FakePlan {
  id: string;
  entity: 'plan';
  interval: number;
  period: GatewayPlanPeriod;
  item: {
    id: string;
    active: boolean;
    name: string;
    description: string | null;
    amount: number;
    unit_amount: number;
    currency: string;
    type: 'plan';
    created_at: number;
    updated_at: number;
  };
  notes: Record<string, string>;
  created_at: number;
}

/** Razorpay's subscription entity (POST /v1/subscriptions, GET /v1/subscriptions/:id). */
export interface FakeSubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  /** Razorpay's subscription states, as the port names them. */
  status: GatewaySubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Record<string, string>;
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  remaining_count: number;
}

/** A webhook as Razorpay POSTs it: the exact body and its signed headers. */
export interface FakeDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Where deliveries go: a URL, or an app answering `inject` (Fastify's). */
export type WebhookTarget =
  | string
  | {
      inject(request: {
        method: 'POST';
        url: string;
        payload: string;
        headers: Record<string, string>;
      }): PromiseLike<{ statusCode: number }>;
    };

/** Like Razorpay: a subscription whose charge fails this many times in a row is halted. */
export const FAKE_CHARGE_ATTEMPTS = 3;

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'processed';
  created_at: number;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  /** Every refund made, in order (a repeat with the same idempotency key makes none). */
  refunds: FakeRefund[];
  /** Every request received, for asserting what our server sent. */
  requests: { method: string; path: string; body: unknown; headers: Record<string, unknown> }[];
  /** 'down' answers 503; 'slow' delays every answer by `delayMs`. */
  mode: 'up' | 'down' | 'slow';
  delayMs: number;
  /**
   * The next request to `path` (e.g. `/v1/subscriptions/sub_x/cancel`) is refused with Razorpay's 400
   * BAD_REQUEST_ERROR and this description, as Razorpay refuses for reasons of its own; once.
   */
  refuseNext(path: string, description: string): void;
  pay(
    orderId: string,
    outcome?: 'captured' | 'failed',
    international?: boolean,
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  webhook(
    event: string,
    payload: Record<string, unknown>,
    eventId?: string,
  ): { body: string; headers: Record<string, string> };
  plans: Map<string, FakePlan>;
  subscriptions: Map<string, FakeSubscription>;
  /** The stand-in's clock in Unix seconds; tests set it (undefined: the real time). */
  now: number | undefined;
  /**
   * The buyer authorising a subscription in Razorpay's checkout. Without a later `start_at` the
   * authorisation is the first charge (authenticated, activated, charged); with one (a trial) a ₹5
   * payment, and the subscription waits `authenticated`. A failed one changes nothing and is not signed.
   */
  authenticateSubscription(
    subscriptionId: string,
    outcome?: 'captured' | 'failed',
  ): {
    answer: { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string };
    webhooks: FakeDelivery[];
  };
  /**
   * The next cycle's charge, as Razorpay makes it when `charge_at` comes: captured (activated if it was
   * authenticated or halted, charged, completed after the last cycle), or failed (pending, halted after
   * FAKE_CHARGE_ATTEMPTS in a row). One cancelled at cycle end is cancelled instead. Moves `now` to the
   * charge time if it is earlier.
   */
  chargeSubscription(subscriptionId: string, outcome?: 'captured' | 'failed'): FakeDelivery[];
  /** A signed delivery of `event` carrying the subscription as it is now (and a payment, if given). */
  subscriptionWebhook(
    event: SubscriptionEvent,
    subscriptionId: string,
    payment?: FakePayment,
    eventId?: string,
  ): FakeDelivery;
  /** POSTs the deliveries one after another, in the order given, to `/api/webhooks/razorpay`; their status codes. */
  deliver(target: WebhookTarget, deliveries: FakeDelivery[]): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * Reorderings for tests: the same deliveries twice (a replay), or last first (out of order, e.g.
 * `subscription.charged` before `subscription.activated`).
 */
export const replayed = (deliveries: FakeDelivery[]): FakeDelivery[] => [...deliveries, ...deliveries];
export const reversed = (deliveries: FakeDelivery[]): FakeDelivery[] => [...deliveries].reverse();

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = `rzp_test_${randomBytes(7).toString('hex')}`;
  const keySecret = randomBytes(18).toString('base64url');
  const webhookSecret = randomBytes(18).toString('base64url');
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refundsByKey = new Map<string, { bodyPrint: string; refund: FakeRefund }>();
  const refunds: FakeRefund[] = [];
  const requests: FakeRazorpay['requests'] = [];
  const state = { mode: 'up' as FakeRazorpay['mode'], delayMs: 15_000, now: undefined as number | undefined };
  const plans = new Map<string, FakePlan>();
  const subscriptions = new Map<string, FakeSubscription>();
  const cancelAtCycleEnd = new Set<string>();
  const refusals = new Map<string, string>();
  const seconds = () => state.now ?? Math.floor(Date.now() / 1000);
  const app: FastifyInstance = Fastify({ logger: false });
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const badRequest = (description: string, field?: string) => ({
    error: { code: 'BAD_REQUEST_ERROR', description, field: field ?? null },
  });

  app.addHook('onRequest', async (request, reply) => {
    requests.push({ method: request.method, path: request.url, body: undefined, headers: { ...request.headers } });
    if (state.mode === 'down')
      return reply.status(503).send({ error: { code: 'SERVER_ERROR', description: 'Service unavailable' } });
    if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (request.headers.authorization !== expectedAuth) {
      return reply.status(401).send(badRequest('Authentication failed'));
    }
    const refusal = refusals.get(request.url);
    if (refusal !== undefined) {
      refusals.delete(request.url);
      return reply.status(400).send(badRequest(refusal));
    }
  });
  app.addHook('preHandler', async (request) => {
    const last = requests[requests.length - 1];
    if (last) last.body = request.body;
  });

  app.post<{ Body: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> } }>(
    '/v1/orders',
    async (request, reply) => {
      const { amount, currency, receipt, notes } = request.body ?? {};
      if (typeof amount !== 'number' || !Number.isInteger(amount))
        return reply.status(400).send(badRequest('The amount must be an integer.', 'amount'));
      if (amount < 100) return reply.status(400).send(badRequest('The amount must be atleast INR 1.00', 'amount'));
      if (currency !== 'INR')
        return reply.status(400).send(badRequest('The requested currency is not supported.', 'currency'));
      if (typeof receipt === 'string' && receipt.length > 40)
        return reply.status(400).send(badRequest('The receipt may not be greater than 40 characters.', 'receipt'));
      const order: FakeOrder = {
        id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency,
        receipt: String(receipt ?? ''),
        status: 'created',
        attempts: 0,
        notes: notes ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return order;
    },
  );

  app.get<{ Params: { id: string } }>('/v1/orders/:id', async (request, reply) => {
    const order = orders.get(request.params.id);
    return order ?? reply.status(400).send(badRequest('The id provided does not exist', 'id'));
  });

  app.get<{ Params: { id: string } }>('/v1/orders/:id/payments', async (request, reply) => {
    if (!orders.has(request.params.id))
      return reply.status(400).send(badRequest('The id provided does not exist', 'id'));
    const items = [...payments.values()].filter((p) => p.order_id === request.params.id);
    return { entity: 'collection', count: items.length, items };
  });

  app.post<{ Params: { id: string }; Body: { amount?: number } }>('/v1/payments/:id/refund', async (request, reply) => {
    // Razorpay's idempotent refund: `X-Refund-Idempotency`, 10+ letters, digits, hyphens or underscores;
    // the same key with the same body answers the first refund, with another body a BAD_REQUEST.
    const key = String(request.headers['x-refund-idempotency'] ?? '');
    if (key && !/^[A-Za-z0-9_-]{10,}$/.test(key))
      return reply.status(400).send(badRequest('The idempotency key is invalid.', 'X-Refund-Idempotency'));
    const bodyPrint = JSON.stringify({ id: request.params.id, body: request.body ?? {} });
    const earlier = key ? refundsByKey.get(key) : undefined;
    if (earlier) {
      if (earlier.bodyPrint !== bodyPrint)
        return reply
          .status(400)
          .send(badRequest('Different request with the same idempotency key has already been processed.'));
      return earlier.refund;
    }
    const payment = payments.get(request.params.id);
    if (!payment) return reply.status(400).send(badRequest('The id provided does not exist', 'id'));
    if (payment.status !== 'captured')
      return reply.status(400).send(badRequest('The payment has been fully refunded already', 'id'));
    const amount = request.body?.amount ?? payment.amount - payment.amount_refunded;
    if (amount > payment.amount - payment.amount_refunded)
      return reply.status(400).send(badRequest('The refund amount provided is greater than amount captured', 'amount'));
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    const refund: FakeRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      status: 'processed',
      created_at: Math.floor(Date.now() / 1000),
    };
    if (key) refundsByKey.set(key, { bodyPrint, refund });
    refunds.push(refund);
    return refund;
  });

  app.post<{
    Body: {
      period?: unknown;
      interval?: unknown;
      item?: { name?: unknown; amount?: unknown; currency?: unknown; description?: unknown };
      notes?: Record<string, string>;
    };
  }>('/v1/plans', async (request, reply) => {
    const { period, interval, item, notes } = request.body ?? {};
    if (!['daily', 'weekly', 'monthly', 'yearly'].includes(String(period)))
      return reply.status(400).send(badRequest('The period is invalid.', 'period'));
    if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 1)
      return reply.status(400).send(badRequest('The interval must be an integer.', 'interval'));
    if (period === 'daily' && interval < 7)
      return reply.status(400).send(badRequest('The interval for daily plans must be at least 7.', 'interval'));
    if (typeof item?.name !== 'string' || item.name === '')
      return reply.status(400).send(badRequest('The item name field is required.', 'name'));
    if (typeof item.amount !== 'number' || !Number.isInteger(item.amount) || item.amount < 100)
      return reply.status(400).send(badRequest('The amount must be atleast INR 1.00', 'amount'));
    if (item.currency !== 'INR')
      return reply.status(400).send(badRequest('The requested currency is not supported.', 'currency'));
    const now = seconds();
    const plan: FakePlan = {
      id: id('plan'),
      entity: 'plan',
      interval,
      period: period as GatewayPlanPeriod,
      item: {
        id: id('item'),
        active: true,
        name: item.name,
        description: typeof item.description === 'string' ? item.description : null,
        amount: item.amount,
        unit_amount: item.amount,
        currency: 'INR',
        type: 'plan',
        created_at: now,
        updated_at: now,
      },
      notes: notes ?? {},
      created_at: now,
    };
    plans.set(plan.id, plan);
    return plan;
  });

  app.post<{
    Body: {
      plan_id?: unknown;
      total_count?: unknown;
      quantity?: unknown;
      start_at?: unknown;
      expire_by?: unknown;
      customer_notify?: unknown;
      notes?: Record<string, string>;
    };
  }>('/v1/subscriptions', async (request, reply) => {
    const { plan_id, total_count, quantity, start_at, expire_by, customer_notify, notes } = request.body ?? {};
    const plan = plans.get(String(plan_id));
    if (!plan) return reply.status(400).send(badRequest('The id provided does not exist', 'plan_id'));
    if (typeof total_count !== 'number' || !Number.isInteger(total_count) || total_count < 1)
      return reply.status(400).send(badRequest('The total count must be at least 1.', 'total_count'));
    if (start_at !== undefined && !(typeof start_at === 'number' && start_at > seconds()))
      return reply.status(400).send(badRequest('Start time should be in future', 'start_at'));
    if (expire_by !== undefined && !(typeof expire_by === 'number' && expire_by > seconds()))
      return reply.status(400).send(badRequest('expire_by should be in future', 'expire_by'));
    if (customer_notify !== undefined && ![0, 1, true, false].includes(customer_notify as number))
      return reply.status(400).send(badRequest('The customer notify field is invalid.', 'customer_notify'));
    const subscription: FakeSubscription = {
      id: id('sub'),
      entity: 'subscription',
      plan_id: plan.id,
      customer_id: null,
      status: 'created',
      current_start: null,
      current_end: null,
      ended_at: null,
      quantity: typeof quantity === 'number' ? quantity : 1,
      notes: notes ?? {},
      charge_at: typeof start_at === 'number' ? start_at : null,
      start_at: typeof start_at === 'number' ? start_at : null,
      end_at: null,
      auth_attempts: 0,
      total_count,
      paid_count: 0,
      customer_notify: customer_notify === undefined ? true : customer_notify === 1 || customer_notify === true,
      created_at: seconds(),
      expire_by: typeof expire_by === 'number' ? expire_by : null,
      short_url: `https://rzp.io/i/${id('x').slice(2)}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      remaining_count: total_count,
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  });

  app.get<{ Params: { id: string } }>('/v1/subscriptions/:id', async (request, reply) => {
    const subscription = subscriptions.get(request.params.id);
    return subscription ?? reply.status(400).send(badRequest('The id provided does not exist', 'id'));
  });

  // A subscription's invoices: one per charge made on it (captured, failed, or refunded since); a trial's
  // authorisation payment is on none.
  app.get<{ Querystring: { subscription_id?: string; count?: string; skip?: string } }>(
    '/v1/invoices',
    async (request, reply) => {
      const subscriptionId = request.query.subscription_id;
      if (!subscriptionId || !subscriptions.has(subscriptionId))
        return reply.status(400).send(badRequest('The id provided does not exist', 'subscription_id'));
      const items = [...payments.values()]
        .filter((payment) => {
          const order = orders.get(payment.order_id);
          return order?.receipt === subscriptionId && order.notes.authorisation === undefined;
        })
        .map((payment) => ({
          id: payment.invoice_id,
          entity: 'invoice',
          type: 'invoice',
          subscription_id: subscriptionId,
          payment_id: payment.status === 'failed' ? null : payment.id,
          order_id: payment.order_id,
          status: payment.status === 'failed' ? 'issued' : 'paid',
          amount: payment.amount,
          amount_paid: payment.status === 'failed' ? 0 : payment.amount,
          currency: 'INR',
          created_at: payment.created_at,
        }));
      const skip = Number(request.query.skip ?? 0);
      const count = Number(request.query.count ?? 10);
      return { entity: 'collection', count: items.length, items: items.slice(skip, skip + count) };
    },
  );

  app.get<{ Params: { id: string } }>('/v1/payments/:id', async (request, reply) => {
    const payment = payments.get(request.params.id);
    return payment ?? reply.status(400).send(badRequest('The id provided does not exist'));
  });

  app.post<{ Params: { id: string }; Body: { cancel_at_cycle_end?: unknown } }>(
    '/v1/subscriptions/:id/cancel',
    async (request, reply) => {
      const subscription = subscriptions.get(request.params.id);
      if (!subscription) return reply.status(400).send(badRequest('The id provided does not exist', 'id'));
      const atCycleEnd = request.body?.cancel_at_cycle_end ?? 0;
      if (![0, 1, true, false].includes(atCycleEnd as number))
        return reply.status(400).send(badRequest('The cancel at cycle end field is invalid.', 'cancel_at_cycle_end'));
      if (['cancelled', 'completed'].includes(subscription.status))
        return reply.status(400).send(badRequest(`Subscription is not cancellable in ${subscription.status} status.`));
      if ((atCycleEnd === 1 || atCycleEnd === true) && subscription.current_end !== null) {
        cancelAtCycleEnd.add(subscription.id);
        subscription.charge_at = subscription.current_end;
        return subscription;
      }
      subscription.status = 'cancelled';
      subscription.ended_at = seconds();
      subscription.charge_at = null;
      return subscription;
    },
  );

  // Razorpay's pause and resume: `pause_at: 'now'` on an active subscription, `resume_at: 'now'` on a paused one.
  app.post<{ Params: { id: string }; Body: { pause_at?: unknown } }>(
    '/v1/subscriptions/:id/pause',
    async (request, reply) => {
      const subscription = subscriptions.get(request.params.id);
      if (!subscription) return reply.status(400).send(badRequest('The id provided does not exist', 'id'));
      if (request.body?.pause_at !== 'now')
        return reply.status(400).send(badRequest('The pause at field is invalid.', 'pause_at'));
      if (subscription.status !== 'active')
        return reply.status(400).send(badRequest(`Subscription cannot be paused in ${subscription.status} status.`));
      subscription.status = 'paused';
      subscription.charge_at = null;
      return subscription;
    },
  );
  app.post<{ Params: { id: string }; Body: { resume_at?: unknown } }>(
    '/v1/subscriptions/:id/resume',
    async (request, reply) => {
      const subscription = subscriptions.get(request.params.id);
      if (!subscription) return reply.status(400).send(badRequest('The id provided does not exist', 'id'));
      if (request.body?.resume_at !== 'now')
        return reply.status(400).send(badRequest('The resume at field is invalid.', 'resume_at'));
      if (subscription.status !== 'paused')
        return reply.status(400).send(badRequest(`Subscription cannot be resumed in ${subscription.status} status.`));
      subscription.status = 'active';
      subscription.charge_at = Math.max(subscription.current_end ?? seconds(), seconds());
      return subscription;
    },
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  const subscriptionOf = (subscriptionId: string) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no fake subscription ${subscriptionId}`);
    const plan = plans.get(subscription.plan_id) as FakePlan;
    return { subscription, plan };
  };
  /** Razorpay's order and payment for one invoice of a subscription. */
  const charge = (subscription: FakeSubscription, amount: number, outcome: 'captured' | 'failed' | 'refunded') => {
    const now = seconds();
    const order: FakeOrder = {
      id: id('order'),
      entity: 'order',
      amount,
      amount_paid: outcome === 'failed' ? 0 : amount,
      amount_due: outcome === 'failed' ? amount : 0,
      currency: 'INR',
      receipt: subscription.id,
      status: outcome === 'failed' ? 'attempted' : 'paid',
      attempts: 1,
      // Only a trial's authorisation is refunded as it is made; it is on no invoice of the subscription.
      notes: outcome === 'refunded' ? { authorisation: 'true' } : {},
      created_at: now,
    };
    orders.set(order.id, order);
    const payment: FakePayment = {
      id: id('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: outcome,
      order_id: order.id,
      invoice_id: id('inv'),
      method: 'upi',
      captured: outcome !== 'failed',
      international: false,
      amount_refunded: outcome === 'refunded' ? amount : 0,
      refund_status: outcome === 'refunded' ? 'full' : null,
      email: 'buyer@example.com',
      contact: '+919999999999',
      error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      created_at: now,
    };
    payments.set(payment.id, payment);
    return payment;
  };
  const snapshot = (
    event: SubscriptionEvent,
    subscription: FakeSubscription,
    payment?: FakePayment,
    eventId?: string,
  ): FakeDelivery =>
    signedRazorpayWebhook(
      webhookSecret,
      event,
      payment ? { subscription: { ...subscription }, payment: { ...payment } } : { subscription: { ...subscription } },
      seconds(),
      eventId,
    );
  /** Marks one more cycle paid; the events Razorpay sends for it, in its order. */
  const paidCycle = (subscription: FakeSubscription, plan: FakePlan, start: number, payment: FakePayment) => {
    const wasWaiting = subscription.status === 'authenticated' || subscription.status === 'halted';
    subscription.paid_count += 1;
    subscription.remaining_count = subscription.total_count - subscription.paid_count;
    subscription.auth_attempts = 0;
    subscription.current_start = start;
    subscription.current_end = cycleEnd(start, plan.period, plan.interval);
    subscription.status = 'active';
    const completes = subscription.paid_count >= subscription.total_count;
    subscription.charge_at = completes ? null : subscription.current_end;
    const events: FakeDelivery[] = [];
    if (wasWaiting) events.push(snapshot('subscription.activated', subscription));
    events.push(snapshot('subscription.charged', subscription, payment));
    if (completes) {
      subscription.status = 'completed';
      subscription.ended_at = seconds();
      events.push(snapshot('subscription.completed', subscription));
    }
    return events;
  };

  return {
    url: `http://127.0.0.1:${port}/v1`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    refuseNext(path, description) {
      refusals.set(path, description);
    },
    pay(orderId, outcome = 'captured', international = false) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake order ${orderId}`);
      const payment: FakePayment = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: 'INR',
        status: outcome,
        order_id: order.id,
        method: 'upi',
        captured: outcome === 'captured',
        international,
        amount_refunded: 0,
        refund_status: null,
        email: 'buyer@example.com',
        contact: '+919999999999',
        error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        created_at: Math.floor(Date.now() / 1000),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      if (outcome === 'captured') {
        order.status = 'paid';
        order.amount_paid = order.amount;
        order.amount_due = 0;
      } else {
        order.status = 'attempted';
      }
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: paymentSignature(keySecret, order.id, payment.id),
      };
    },
    webhook(event, payload, eventId = id('evt')) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: Object.keys(payload),
        payload: Object.fromEntries(Object.entries(payload).map(([key, entity]) => [key, { entity }])),
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
      };
    },

    plans,
    subscriptions,
    get now() {
      return state.now;
    },
    set now(value) {
      state.now = value;
    },
    authenticateSubscription(subscriptionId, outcome = 'captured') {
      const { subscription, plan } = subscriptionOf(subscriptionId);
      const now = seconds();
      // Past its `expire_by` Razorpay's checkout no longer authorises it: it expires.
      if (subscription.status === 'created' && subscription.expire_by !== null && now > subscription.expire_by)
        subscription.status = 'expired';
      if (subscription.status !== 'created')
        throw new Error(`fake subscription ${subscriptionId} is ${subscription.status}`);
      const trial = subscription.start_at !== null && subscription.start_at > now;
      const payment = charge(
        subscription,
        trial ? 500 : plan.item.amount,
        outcome === 'failed' ? 'failed' : trial ? 'refunded' : 'captured',
      );
      const answer = {
        razorpay_payment_id: payment.id,
        razorpay_subscription_id: subscription.id,
        razorpay_signature: subscriptionSignature(keySecret, subscription.id, payment.id),
      };
      if (outcome === 'failed') return { answer, webhooks: [] };
      subscription.status = 'authenticated';
      subscription.customer_id = 'cust_fake';
      const webhooks = [snapshot('subscription.authenticated', subscription)];
      if (!trial) webhooks.push(...paidCycle(subscription, plan, now, payment));
      return { answer, webhooks };
    },
    chargeSubscription(subscriptionId, outcome = 'captured') {
      const { subscription, plan } = subscriptionOf(subscriptionId);
      if (
        subscription.charge_at === null ||
        !['authenticated', 'active', 'pending', 'halted'].includes(subscription.status)
      )
        throw new Error(`fake subscription ${subscriptionId} has nothing to charge (${subscription.status})`);
      state.now = Math.max(seconds(), subscription.charge_at);
      if (cancelAtCycleEnd.has(subscription.id)) {
        subscription.status = 'cancelled';
        subscription.ended_at = subscription.current_end;
        subscription.charge_at = null;
        return [snapshot('subscription.cancelled', subscription)];
      }
      const payment = charge(subscription, plan.item.amount, outcome);
      if (outcome === 'failed') {
        subscription.auth_attempts += 1;
        subscription.status = subscription.auth_attempts >= FAKE_CHARGE_ATTEMPTS ? 'halted' : 'pending';
        return [
          snapshot(subscription.status === 'halted' ? 'subscription.halted' : 'subscription.pending', subscription),
        ];
      }
      const start = subscription.status === 'halted' ? seconds() : subscription.charge_at;
      return paidCycle(subscription, plan, start, payment);
    },
    subscriptionWebhook(event, subscriptionId, payment, eventId) {
      return snapshot(event, subscriptionOf(subscriptionId).subscription, payment, eventId);
    },
    async deliver(target, deliveries) {
      const codes: number[] = [];
      for (const delivery of deliveries) {
        if (typeof target === 'string') {
          const res = await fetch(target, { method: 'POST', headers: delivery.headers, body: delivery.body });
          await res.arrayBuffer();
          codes.push(res.status);
        } else {
          const res = await target.inject({
            method: 'POST',
            url: '/api/webhooks/razorpay',
            payload: delivery.body,
            headers: delivery.headers,
          });
          codes.push(res.statusCode);
        }
      }
      return codes;
    },
    close: () => app.close(),
  };
}
