import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf.js';
import { buy, openOrder, payInSandbox, verifyPayment } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import type { TaxDocumentData } from './tax-document.js';

const t = useTestApp(createDemoShopApp);
let admin: TestUser;
const [c1, c2] = demoCourses.map((course) => course._id ?? '');

beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
});

const documents = async (orderId: string) => {
  const rows = await t.database.db
    .selectFrom('tax_documents')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('kind')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, { ...row, data: JSON.parse(row.data) as TaxDocumentData }]));
};
const refundByOperator = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { cookie: admin.cookie, origin: new URL(t.config.publicUrl).origin },
  });

describe('a full refund issues a credit note', () => {
  it('from its own consecutive series, naming the invoice, crediting exactly what was invoiced', async () => {
    const first = await buy(t, [c1 ?? '', c2 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const second = await buy(t, [c1 ?? '']);
    expect((await refundByOperator(first.orderId)).statusCode).toBe(200);
    expect((await refundByOperator(second.orderId)).statusCode).toBe(200);

    const a = await documents(first.orderId);
    const b = await documents(second.orderId);
    expect(a.credit_note?.number).toMatch(/^TSC\/\d\d-\d\d\/\d{6}$/);
    expect(b.credit_note?.sequence).toBe((a.credit_note?.sequence ?? 0) + 1);
    expect(a.credit_note?.data).toMatchObject({
      title: 'Credit Note',
      against: { number: a.invoice?.number, date: a.invoice?.data.date },
      buyer: a.invoice?.data.buyer,
      supplier: a.invoice?.data.supplier,
      placeOfSupply: { code: '24', name: 'Gujarat' },
      taxMode: 'intra',
    });
    expect(a.credit_note?.data.lines).toEqual(a.invoice?.data.lines);
    expect(a.credit_note?.data.totals).toEqual(a.invoice?.data.totals);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${first.orderId}/credit-note`,
      headers: { cookie: first.user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Number: ${a.credit_note?.number}`);
    expect(text).toContain(`Against invoice ${a.invoice?.number} dated ${a.invoice?.data.date}`);
    expect(text).toContain(`Amount credited: ₹`);
    expect(text).toContain('Reason: Order refunded');
  });

  it('a payment refunded at once as unfulfillable is invoiced and credited (decision 0018)', async () => {
    const old = await openOrder(t, [c1 ?? '']);
    // A second checkout with more in the cart supersedes the first order; the buyer pays it.
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: old.headers,
      payload: { courseId: c2 },
    });
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/create-order',
      headers: old.headers,
      payload: {
        amount: ((demoCourses[0]?.price ?? 0) * 100 + (demoCourses[1]?.price ?? 0) * 100) / 100,
        name: 'Asha Patel',
        email: old.user.email,
      },
    });
    expect(cart.statusCode).toBe(200);
    const current = { ...old, orderId: cart.json().orderId, gatewayOrderId: cart.json().order_id };
    expect((await verifyPayment(t, current, await payInSandbox(t, current))).statusCode).toBe(200);
    // Then the old window's payment arrives for a course the buyer now owns.
    expect((await verifyPayment(t, old, await payInSandbox(t, old))).statusCode).toBe(200);
    const status = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', old.orderId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('refunded');
    const docs = await documents(old.orderId);
    expect(docs.invoice?.number).toMatch(/^TS\//);
    expect(docs.credit_note?.data.against?.number).toBe(docs.invoice?.number);
    expect(docs.credit_note?.data.reason).toBe('Payment refunded: the order could not be fulfilled');
  });
});
