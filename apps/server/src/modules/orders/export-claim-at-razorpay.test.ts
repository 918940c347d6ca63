import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/helpers.js';
import { demoLines, orderStatus, usePaymentsShop } from '../../../test/payments-kit.js';

// Issue 32, B7, through Razorpay's API (the documented fake): a shop exporting under a Letter of
// Undertaking asks Razorpay where an export order's payment came from (the payment entity's
// `international`) before it invoices it as zero-rated; one paid from India is refunded through Razorpay.

const [c1] = demoLines;
const { t, fake, post, deliver } = usePaymentsShop('test', () => ({
  TAX_EXPORTS: 'lut',
  TAX_LUT_REFERENCE: 'AD240326000123X',
}));

async function exportOrderPaid(international: boolean) {
  const user = await createSignedInUser(t.database.db);
  expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
  const res = await post('/api/create-order', user, {
    amount: c1.rupees,
    name: 'Asha Patel',
    email: user.email,
    state: '96',
    country: 'GB',
    disclaimerAccepted: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId, order_id: gatewayOrderId } = res.json() as { orderId: string; order_id: string };
  const paid = fake.pay(gatewayOrderId, 'captured', international);
  const payment = fake.payments.get(paid.razorpay_payment_id);
  expect((await deliver(fake.webhook('payment.captured', { payment }))).statusCode).toBe(200);
  const documents = await t.database.db
    .selectFrom('tax_documents')
    .select(['kind', 'data'])
    .where('order_id', '=', orderId)
    .execute();
  return { orderId, gatewayOrderId, payment, documents };
}

describe('an export order paid through Razorpay', () => {
  it('with a card issued abroad is fulfilled and invoiced as an export under the LUT', async () => {
    const { orderId, gatewayOrderId, documents } = await exportOrderPaid(true);
    expect(await orderStatus(t.database.db, orderId)).toBe('paid');
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.includes(`/orders/${gatewayOrderId}/payments`))).toBe(
      true,
    );
    expect(documents).toHaveLength(1);
    expect(JSON.parse(documents[0]?.data ?? '{}')).toMatchObject({ taxMode: 'lut', buyer: { country: 'GB' } });
  });

  it('from India is refunded through Razorpay in full, with no zero-rated invoice', async () => {
    const { orderId, payment, documents } = await exportOrderPaid(false);
    expect(await orderStatus(t.database.db, orderId)).toBe('refunded');
    expect(fake.refunds.at(-1)).toMatchObject({ payment_id: payment?.id, amount: c1.paise });
    expect(documents).toEqual([]);
    const enrolled = await t.database.db
      .selectFrom('enrolments')
      .innerJoin('orders', 'orders.user_id', 'enrolments.user_id')
      .select('enrolments.id')
      .where('orders.id', '=', orderId)
      .where('enrolments.revoked_at', 'is', null)
      .execute();
    expect(enrolled).toEqual([]);
  });
});
