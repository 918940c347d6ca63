import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { hmacHex } from '../auth/signatures.js';
import { GatewayRejectedError } from './gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { paymentSignature } from './signatures.js';

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
