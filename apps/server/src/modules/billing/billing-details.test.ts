import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { callAs } from '../../../test/admin-test-client.js';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { buy } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import type { TaxDocumentData } from './tax-document.js';

const t = useTestApp(createDemoShopApp);
const course = demoCourses[0]?._id ?? '';

const invoiceData = async (orderId: string) => {
  const row = await t.database.db
    .selectFrom('tax_documents')
    .select('data')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.data) as TaxDocumentData;
};
const orderRow = (orderId: string) =>
  t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

describe('billing details decide the place of supply', () => {
  it('a buyer from Ahmedabad is charged CGST + SGST, the price unchanged', async () => {
    const { orderId } = await buy(t, [course], { state: '24', pin: '380015', disclaimerAccepted: true });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ billing_state: '24', billing_pin: '380015', billing_gstin: '' });
    expect(order.disclaimer_accepted_at).toBe(order.created_at);
    const invoice = await invoiceData(orderId);
    expect(invoice.placeOfSupply).toEqual({ code: '24', name: 'Gujarat' });
    expect(invoice.taxMode).toBe('intra');
    expect(invoice.totals.cgstPaise).toBeGreaterThan(0);
    expect(invoice.totals.cgstPaise).toBe(invoice.totals.sgstPaise);
    expect(invoice.totals.igstPaise).toBe(0);
    expect(invoice.totals.totalPaise).toBe(order.total_paise);
  });

  it('a business in Pune with a GSTIN is charged IGST and named on the invoice', async () => {
    const { orderId } = await buy(t, [course], {
      state: '27',
      pin: '411001',
      businessName: 'Shah Capital LLP',
      gstin: '27aapfu0939f1zv',
      disclaimerAccepted: true,
    });
    const invoice = await invoiceData(orderId);
    expect(invoice.buyer).toMatchObject({
      businessName: 'Shah Capital LLP',
      gstin: '27AAPFU0939F1ZV',
      pin: '411001',
      stateCode: '27',
      stateName: 'Maharashtra',
    });
    expect(invoice.taxMode).toBe('inter');
    expect(invoice.totals.cgstPaise).toBe(0);
    expect(invoice.totals.igstPaise).toBeGreaterThan(0);
  });

  it('a buyer outside India needs no PIN code and pays IGST by default', async () => {
    const { orderId } = await buy(t, [course], { state: '96', pin: '', country: 'AE', disclaimerAccepted: true });
    const invoice = await invoiceData(orderId);
    expect(invoice.placeOfSupply).toEqual({ code: '96', name: 'Outside India' });
    expect(invoice.taxMode).toBe('inter');
  });
});

describe('the checkout refuses billing details that break a rule, with a field message', () => {
  const attempt = async (billing: object) => {
    const user = await createSignedInUser(t.database.db);
    const headers = { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin };
    await t.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId: course } });
    return t.app.inject({
      method: 'POST',
      url: '/api/create-order',
      headers,
      payload: { amount: demoCourses[0]?.price, name: 'Asha Patel', email: user.email, ...billing },
    });
  };

  it.each([
    [{ state: '24', pin: '411001' }, messages.billingPinState],
    [{ state: '24', pin: '38001' }, messages.billingPinInvalid],
    [{ state: 'XX', pin: '380015' }, messages.billingStateRequired],
    [{ state: '24', pin: '380015', gstin: '24AAACC1206D1ZN' }, messages.billingGstinInvalid],
    [{ state: '24', pin: '380015', gstin: '27AAPFU0939F1ZV' }, messages.billingGstinState],
    [{ gstin: '27AAPFU0939F1ZV' }, messages.billingStateRequired],
    [{ state: '24', pin: '380015' }, messages.disclaimerRequired],
    [{ state: '24', pin: '380015', disclaimerAccepted: false }, messages.disclaimerRequired],
    // Issue 32, B5: whatever is sent is checked together, a business name or a country included.
    [{ pin: '380015', disclaimerAccepted: true }, messages.billingStateRequired],
    [{ businessName: 'Shah Capital LLP', disclaimerAccepted: true }, messages.billingStateRequired],
    [{ country: 'US', disclaimerAccepted: true }, messages.billingStateRequired],
    [{ businessName: 'Shah Capital LLP' }, messages.disclaimerRequired],
    [{ state: '96', disclaimerAccepted: true }, messages.billingCountryRequired],
    [{ state: '96', country: 'IN', disclaimerAccepted: true }, messages.billingCountryIndia],
    // Issue 32, B6: names printed on the invoice are one line without hidden characters.
    [{ name: 'Asha\nGSTIN: 27AAPFU0939F1ZV' }, messages.billingNameCharacters],
    [{ name: 'Warren Buffett \u202eredro' }, messages.billingNameCharacters],
    [{ name: 'Asha\u200bPatel' }, messages.billingNameCharacters],
    [
      { state: '24', pin: '380015', businessName: 'Evil Corp\n(TS/26-27/999999) Tj ET BT', disclaimerAccepted: true },
      messages.billingNameCharacters,
    ],
    [
      { state: '24', pin: '380015', businessName: 'Evil Corp\u2066Traders', disclaimerAccepted: true },
      messages.billingNameCharacters,
    ],
  ])('%o is refused: %s', async (billing, message) => {
    const res = await attempt(billing);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });
});

describe('the spec’s payload, with no billing details (B5)', () => {
  let admin: TestUser;
  const adminOrder = async (orderId: string) => {
    admin ??= await createSignedInUser(t.database.db, { role: 'admin', email: `b5-admin-${Date.now()}@example.com` });
    const res = await callAs(t, admin)('GET', `/api/admin/orders/${orderId}`);
    expect(res.statusCode).toBe(200);
    return res.json().order;
  };

  it('is taxed in the shop’s state and records, for the console, that no disclaimer was acknowledged', async () => {
    const { orderId } = await buy(t, [course], {});
    expect((await orderRow(orderId)).disclaimer_accepted_at).toBeNull();
    const invoice = await invoiceData(orderId);
    expect(invoice.placeOfSupply).toEqual({ code: '24', name: 'Gujarat' });
    expect(invoice.taxMode).toBe('intra');
    expect(await adminOrder(orderId)).toMatchObject({
      disclaimerAcceptedAt: null,
      billing: { state: '', pin: '', country: '', businessName: '', gstin: '' },
    });
  });

  it('the console shows the tick and the details of an order placed through the form', async () => {
    const { orderId } = await buy(t, [course], { state: '27', pin: '411001', disclaimerAccepted: true });
    const shown = await adminOrder(orderId);
    expect(shown.disclaimerAcceptedAt).toBe((await orderRow(orderId)).created_at);
    expect(shown.billing).toMatchObject({ state: '27', pin: '411001' });
  });

  it('a name is stored NFC-normalised, as the invoice prints it', async () => {
    const { orderId } = await buy(t, [course], { name: 'Jose\u0301 Pe\u0301rez', disclaimerAccepted: true });
    expect((await orderRow(orderId)).billing_name).toBe('Jos\u00e9 P\u00e9rez');
    expect((await invoiceData(orderId)).buyer.name).toBe('Jos\u00e9 P\u00e9rez');
  });
});
