import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { GatewayRejectedError, GatewayUnavailableError } from './gateway.js';
import { RazorpayGateway } from './razorpay-gateway.js';
import { hmacHex } from './signatures.js';

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
