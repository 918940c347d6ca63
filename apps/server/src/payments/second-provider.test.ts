import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestDatabase, type TestDatabase, testConfig } from '../../test/helpers.js';
import { activeCourseIds, demoLines, orderStatus } from '../../test/payments-kit.js';
import { buildApp } from '../app.js';
import { hmacHex, signatureMatches } from '../auth/signatures.js';
import { seedDemo } from '../seed/seed.js';
import { createGateway } from './create-gateway.js';
import {
  type GatewayOrder,
  GatewayRejectedError,
  type PaymentConfirmation,
  type PaymentGateway,
  type WebhookReading,
} from './gateway.js';
import { type PaymentProvider, paymentProviders } from './providers.js';

// A second payment provider is one adapter and one line in the provider list (payments/providers.ts).
// This test double is such a provider, with wire shapes of its own (none of Razorpay's): a UPI intent
// per order, `charge.succeeded` webhooks signed in X-Upi-Signature. Registered before the others, it
// takes a whole order from checkout to enrolment through the app's own routes.

const SECRET = 'upi-test-secret';

interface UpiCharge {
  id: string;
  type: 'charge.succeeded' | 'charge.failed';
  intent: string;
  charge: { ref: string; paise: number };
}

class UpiTestGateway implements PaymentGateway {
  readonly mode = 'upi-test';
  readonly webhookName = 'upi-test';
  readonly keyId = 'upi_test_key';
  readonly checkoutUrl = 'https://pay.upi.example/intent.js';
  readonly contentSecurity = { scriptSrc: ['https://pay.upi.example'], connectSrc: [], frameSrc: [] };
  private intents = 0;

  async createOrder(input: { amountPaise: number }): Promise<GatewayOrder> {
    this.intents += 1;
    return { id: `intent_${this.intents}`, amount: input.amountPaise, currency: 'INR', status: 'created' };
  }
  async fetchOrderPayments() {
    return [];
  }
  async refundPayment(): Promise<never> {
    throw new GatewayRejectedError('this double takes no refunds');
  }
  // A provider without subscriptions refuses them (the port's rule) and verifies no subscription signature.
  async createPlan(): Promise<never> {
    throw new GatewayRejectedError('this double has no subscriptions');
  }
  async createSubscription(): Promise<never> {
    throw new GatewayRejectedError('this double has no subscriptions');
  }
  async fetchSubscription(): Promise<never> {
    throw new GatewayRejectedError('this double has no subscriptions');
  }
  async fetchSubscriptionCharges(): Promise<never> {
    throw new GatewayRejectedError('this double has no subscriptions');
  }
  async cancelSubscription(): Promise<never> {
    throw new GatewayRejectedError('this double has no subscriptions');
  }
  async pauseSubscription(): Promise<never> {
    throw new GatewayRejectedError('this double has no subscriptions');
  }
  async resumeSubscription(): Promise<never> {
    throw new GatewayRejectedError('this double has no subscriptions');
  }
  verifySubscriptionSignature(): boolean {
    return false;
  }
  readSubscriptionConfirmation(): null {
    return null;
  }
  verifyPaymentSignature(intent: string, ref: string, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(SECRET, `${intent}:${ref}`), signature);
  }
  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(SECRET, rawBody), signature);
  }
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookReading {
    const signature = headers['x-upi-signature'];
    if (!this.verifyWebhookSignature(rawBody, typeof signature === 'string' ? signature : undefined))
      return { ok: false, reason: 'signature' };
    const body = JSON.parse(rawBody.toString('utf8')) as UpiCharge;
    return {
      ok: true,
      delivery: {
        eventId: body.id,
        type: body.type,
        kind: body.type === 'charge.succeeded' ? 'paid' : 'failed',
        gatewayOrderId: body.intent,
        payment: { id: body.charge.ref, gatewayOrderId: body.intent, amount: body.charge.paise },
        refund: undefined,
      },
    };
  }
  readConfirmation(body: Record<string, unknown>): PaymentConfirmation | null {
    // The verify call's body is the spec's (Razorpay's field names); this provider's intent, reference and proof.
    return {
      gatewayOrderId: String(body.razorpay_order_id),
      paymentId: String(body.razorpay_payment_id),
      signature: String(body.razorpay_signature),
    };
  }
}

const upiTest: PaymentProvider = { name: 'upi-test', create: () => new UpiTestGateway() };

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let origin: string;
const config = testConfig();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  const settings = { ...config, database: database.config };
  // The one line of registration: the new provider first in the list.
  const gateway = createGateway(settings, database.db, [upiTest, ...paymentProviders]);
  app = await buildApp({ config: settings, database, logger: false, gateway });
  await app.ready();
  origin = new URL(config.publicUrl).origin;
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

async function checkout(course: (typeof demoLines)[number]) {
  const user = await createSignedInUser(database.db);
  const headers = { origin, cookie: user.cookie };
  const added = await app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId: course.id } });
  expect(added.statusCode).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: { amount: course.rupees, name: 'Asha Patel', email: user.email, discountCouponId: null },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, headers, order: res.json() as { orderId: string; order_id: string; mode: string; key_id: string } };
}

function charge(event: UpiCharge, signature = hmacHex(SECRET, JSON.stringify(event))) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/upi-test',
    headers: { 'content-type': 'application/json', 'x-upi-signature': signature },
    payload: JSON.stringify(event),
  });
}

describe('a second payment provider, registered by one line', () => {
  it('takes a whole order: checkout opens its intent, its signed webhook pays and enrols, once', async () => {
    const [course] = demoLines;
    if (!course) throw new Error('no demo course');
    const { user, order } = await checkout(course);
    expect(order).toMatchObject({
      mode: 'upi-test',
      key_id: 'upi_test_key',
      order_id: expect.stringMatching(/^intent_/),
    });
    const stored = await database.db
      .selectFrom('orders')
      .select('gateway')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    // No CHECK in the database refuses the new name (migration 023).
    expect(stored.gateway).toBe('upi-test');

    const event: UpiCharge = {
      id: 'evt_upi_1',
      type: 'charge.succeeded',
      intent: order.order_id,
      charge: { ref: 'ref_1', paise: course.paise },
    };
    expect((await charge(event, hmacHex('not-the-secret', JSON.stringify(event)))).statusCode).toBe(400);
    expect(await orderStatus(database.db, order.orderId)).toBe('created');

    const paid = await charge(event);
    expect(paid.json()).toEqual({ ok: true, duplicate: false });
    expect(await orderStatus(database.db, order.orderId)).toBe('paid');
    expect(await activeCourseIds(database.db, user.id)).toEqual([course.id]);
    expect((await charge(event)).json()).toEqual({ ok: true, duplicate: true });
  });

  it("confirms a payment through the browser's verify call with its own proof", async () => {
    const course = demoLines[1];
    if (!course) throw new Error('no second demo course');
    const { user, headers, order } = await checkout(course);
    const proof = { razorpay_order_id: order.order_id, razorpay_payment_id: 'ref_2' };
    const forged = await app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      headers,
      payload: { ...proof, razorpay_signature: hmacHex(SECRET, `${order.order_id}|ref_2`) },
    });
    expect(forged.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      headers,
      payload: { ...proof, razorpay_signature: hmacHex(SECRET, `${order.order_id}:ref_2`) },
    });
    expect(res.json()).toMatchObject({ ok: true, success: true, orderId: order.orderId });
    expect(await activeCourseIds(database.db, user.id)).toEqual([course.id]);
  });

  it("serves its webhook at its own name only, and lets its widget's host into the page's CSP, not Razorpay's", async () => {
    const other = await app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(404);
    const csp = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://pay.upi.example;");
    expect(csp).not.toContain('razorpay');
  });
});
