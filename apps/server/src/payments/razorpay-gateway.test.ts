import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { hmacHex } from '../auth/signatures.js';
import { GatewayRejectedError, GatewayUnavailableError } from './gateway.js';
import { RazorpayGateway, toGatewayPayment } from './razorpay-gateway.js';

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
