import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { hmacHex } from '../src/auth/signatures.js';
import { paymentSignature } from '../src/payments/signatures.js';

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
  created_at: number;
}

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
  close(): Promise<void>;
}

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
  const state = { mode: 'up' as FakeRazorpay['mode'], delayMs: 15_000 };
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

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

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
    close: () => app.close(),
  };
}
