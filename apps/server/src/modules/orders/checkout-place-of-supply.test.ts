import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/helpers.js';
import { demoLines, payAtFake, usePaymentsShop } from '../../../test/payments-kit.js';
import { issuedDocument } from '../../../test/test-documents.js';

// The tax split an order is charged at checkout (by the buyer's state against the shop's, GST state 24
// by default, 18 %) is frozen on the order and is the one its tax invoice shows once Razorpay's payment
// arrives: CGST + SGST at the full rate for a buyer in the shop's state or one who names no state, IGST
// for a buyer in another state. A fresh app per test: checkout's compiled statements are built for each.

const [c1] = demoLines;

const { t, fake, post, deliver } = usePaymentsShop('test');

async function paidInvoice(billing: { state?: string; pin?: string }) {
  const user = await createSignedInUser(t.database.db);
  expect((await post('/api/cart/add', user, { courseId: c1.id })).statusCode).toBe(200);
  const res = await post('/api/create-order', user, {
    amount: c1.rupees,
    name: 'Asha Patel',
    email: user.email,
    disclaimerAccepted: true,
    ...billing,
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json() as { orderId: string; order_id: string };
  const payment = payAtFake(fake, order.order_id);
  expect((await deliver(fake.webhook('payment.captured', { payment }))).statusCode).toBe(200);
  return (await issuedDocument(t, order.orderId)).document;
}

describe('the place of supply chosen at checkout is the one invoiced', () => {
  it('a buyer in the shop’s state is invoiced CGST and SGST at half of 18 % each, inside the price paid', async () => {
    const invoice = await paidInvoice({ state: '24', pin: '380015' });
    expect(invoice).toMatchObject({ taxMode: 'intra', rateBp: 1800, placeOfSupply: { code: '24' } });
    // 18 % carved out of the price: the taxable value is price / 1.18, CGST and SGST 9 % of it each.
    const taxable = Math.round((c1.paise * 10_000) / 11_800);
    expect(invoice.totals.cgstPaise).toBe(invoice.totals.sgstPaise);
    expect(Math.abs(invoice.totals.cgstPaise - Math.round(taxable * 0.09))).toBeLessThanOrEqual(1);
    expect(invoice.totals.igstPaise).toBe(0);
    expect(invoice.totals.totalPaise).toBe(c1.paise);
  });

  it('a buyer in another state is invoiced IGST at 18 %, inside the price paid', async () => {
    const invoice = await paidInvoice({ state: '27', pin: '411001' });
    expect(invoice).toMatchObject({ taxMode: 'inter', rateBp: 1800, placeOfSupply: { code: '27' } });
    const taxable = Math.round((c1.paise * 10_000) / 11_800);
    expect(Math.abs(invoice.totals.igstPaise - Math.round(taxable * 0.18))).toBeLessThanOrEqual(1);
    expect(invoice.totals.cgstPaise).toBe(0);
    expect(invoice.totals.totalPaise).toBe(c1.paise);
  });

  it('a buyer who names no state is taxed as in the shop’s state, CGST and SGST', async () => {
    const invoice = await paidInvoice({});
    expect(invoice).toMatchObject({ taxMode: 'intra', rateBp: 1800, placeOfSupply: { code: '24' } });
    expect(invoice.totals.cgstPaise).toBeGreaterThan(0);
    expect(invoice.totals.igstPaise).toBe(0);
  });
});
