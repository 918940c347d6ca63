import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin-app.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { shopRequests } from '../../../test/payments-kit.js';

// The operator's refund button (refund-order.ts) when there is nothing to refund, or Razorpay says no.
const { t, asAdmin, fake } = useAdminApp({ gateway: true });

/** A learner checks out one course at `rupees`; `pay` decides what happens at the gateway. */
async function checkout(rupees: number) {
  const courseId = (await asAdmin('POST', '/api/admin/courses', courseForm({ price: rupees }))).json().course.id;
  const buyer = await createSignedInUser(t.database.db);
  const asBuyer = callAs(t, buyer);
  expect((await asBuyer('POST', '/api/cart/add', { courseId })).statusCode).toBe(200);
  const order = await asBuyer('POST', '/api/create-order', { amount: rupees, name: 'Asha Patel', email: buyer.email });
  expect(order.statusCode, order.body).toBe(200);
  return { asBuyer, orderId: order.json().orderId as string, gatewayOrderId: order.json().order_id as string };
}

async function deliver(event: string, payload: Record<string, unknown>) {
  const res = await shopRequests(() => t).deliver(fake.webhook(event, payload));
  expect(res.statusCode).toBe(200);
}

const refund = (orderId: string) => asAdmin('POST', `/api/admin/orders/${orderId}/refund`, {});
const statusOf = async (orderId: string) => (await asAdmin('GET', `/api/admin/orders/${orderId}`)).json().order.status;

describe('refusing a refund with nothing to refund, or that the gateway refuses', () => {
  it('a free order has no payment to refund: 409 with the reason, no call to the gateway', async () => {
    const { orderId } = await checkout(0);
    expect(await statusOf(orderId)).toBe('paid');
    const before = fake.requests.length;
    const res = await refund(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.adminRefundNoPayment);
    expect(fake.requests.slice(before).filter((r) => r.path.endsWith('/refund'))).toEqual([]);
  });

  it('after a failed attempt and a captured payment, the captured one is refunded', async () => {
    const { asBuyer, orderId, gatewayOrderId } = await checkout(1_500);
    const failed = fake.pay(gatewayOrderId, 'failed');
    await deliver('payment.failed', { payment: fake.payments.get(failed.razorpay_payment_id) });
    const paid = fake.pay(gatewayOrderId);
    expect((await asBuyer('POST', '/api/verify-payment', paid)).statusCode).toBe(200);
    const res = await refund(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.filter((r) => r.path.endsWith('/refund')).at(-1)?.path).toBe(
      `/v1/payments/${paid.razorpay_payment_id}/refund`,
    );
    expect(fake.refunds.at(-1)).toMatchObject({ payment_id: paid.razorpay_payment_id, amount: 150_000 });
  });

  it('a payment already refunded on Razorpay’s dashboard: 409 with the gateway’s reason, the order stays paid', async () => {
    const { asBuyer, orderId, gatewayOrderId } = await checkout(2_000);
    const paid = fake.pay(gatewayOrderId);
    expect((await asBuyer('POST', '/api/verify-payment', paid)).statusCode).toBe(200);
    // The operator refunded it in Razorpay's dashboard; the refund webhook has not arrived yet.
    const entity = fake.payments.get(paid.razorpay_payment_id);
    if (!entity) throw new Error('no payment at the fake');
    Object.assign(entity, { amount_refunded: entity.amount, refund_status: 'full', status: 'refunded' });
    const res = await refund(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${messages.adminRefundRejected}: The payment has been fully refunded already`);
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('20 refunds of one order at once: one 200 and 19 409s, on SQLite and PostgreSQL alike; one refund, one credit note', async () => {
    const { asBuyer, orderId, gatewayOrderId } = await checkout(2_500);
    expect((await asBuyer('POST', '/api/verify-payment', fake.pay(gatewayOrderId))).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(orderId)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(19).fill(409)]);
    const refused = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message);
    expect(new Set(refused)).toEqual(new Set([messages.adminRefundNotPaid]));
    expect(await statusOf(orderId)).toBe('refunded');
    const db = t.database.db;
    expect(await db.selectFrom('refunds').select('status').where('order_id', '=', orderId).execute()).toEqual([
      { status: 'processed' },
    ]);
    const documents = await db.selectFrom('tax_documents').select('kind').where('order_id', '=', orderId).execute();
    expect(documents.map((document) => document.kind).sort()).toEqual(['credit_note', 'invoice']);
    const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', orderId).execute();
    expect(audit).toEqual([{ action: 'order.refund' }]);
  });
});
