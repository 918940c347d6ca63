import { billingPaths, type TaxSettingsInput } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/admin-test-client.js';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { issuedDocument } from '../../../test/test-documents.js';
import { payInSandbox, verifyPayment } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';

// Issue 16, prices exclusive of GST: the checkout adds the tax, the gateway charges it, the invoice and a
// full refund's credit note equal that charge. Figures worked out by hand, not by the code under test.
const t = useTestApp(createDemoShopApp);
let admin: TestUser;
const course = demoCourses.find((c) => c.price === 4999)?._id ?? '';
const WELCOME10 = '64a1f0c2b7e4d1a2c3e5c010';
const GUJARAT = { state: '24', pin: '380015', disclaimerAccepted: true };
const MAHARASHTRA = {
  state: '27',
  pin: '411001',
  gstin: '27AAPFU0939F1ZV',
  businessName: 'Pune Traders',
  disclaimerAccepted: true,
};
const ABROAD = { state: '96', country: 'US', disclaimerAccepted: true };
// ₹4,999 exclusive at 18 %: CGST = SGST = 9 % of 4,999.00 = 449.91 each; 4,999 + 899.82 = 5,898.82.
const TAXED = 589_882;

const settings = (overrides: Partial<TaxSettingsInput> = {}): TaxSettingsInput => ({
  registered: true,
  legalName: 'Trade Skool Education Private Limited',
  tradeName: 'TradeSkool',
  address: 'Ashram Road, Ahmedabad 380009',
  stateCode: '24',
  gstin: '24AAACC1206D1ZM',
  pan: 'AAACC1206D',
  sac: '999293',
  ratePercent: 18,
  prices: 'exclusive',
  invoicePrefix: 'TS',
  creditNotePrefix: 'TSC',
  exports: 'lut',
  lutReference: 'AD240326000123X',
  ...overrides,
});
const saveSettings = async (overrides: Partial<TaxSettingsInput> = {}) =>
  expect((await callAs(t, admin)('PUT', '/api/admin/tax-settings', settings(overrides))).statusCode).toBe(200);

/** A buyer with the ₹4,999 course in their cart asks for an order of `rupees`. */
async function checkout(rupees: number, billing: object, extra: object = {}) {
  const user = await createSignedInUser(t.database.db);
  const call = callAs(t, user);
  expect((await call('POST', '/api/cart/add', { courseId: course })).statusCode).toBe(200);
  const res = await call('POST', '/api/create-order', {
    amount: rupees,
    name: 'Asha Patel',
    email: user.email,
    ...billing,
    ...extra,
  });
  const headers = { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin };
  return { res, user, headers, orderId: res.json().orderId as string, gatewayOrderId: res.json().order_id as string };
}
async function pay(opened: Awaited<ReturnType<typeof checkout>>, card: 'domestic' | 'international' = 'domestic') {
  expect(opened.res.statusCode, opened.res.body).toBe(200);
  expect((await verifyPayment(t, opened, await payInSandbox(t, opened, card))).statusCode).toBe(200);
  const order = await t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', opened.orderId)
    .executeTakeFirstOrThrow();
  const payment = await t.database.db
    .selectFrom('payments')
    .select('amount_paise')
    .where('order_id', '=', opened.orderId)
    .executeTakeFirstOrThrow();
  return { order, payment, invoice: (await issuedDocument(t, opened.orderId)).document };
}

beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin', email: `excl-admin-${Date.now()}@example.com` });
  await saveSettings();
});

describe('prices exclusive of GST', () => {
  it('the checkout page can read the basis of the total without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: billingPaths.checkoutTax });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      tax: { registered: true, pricesInclusive: false, rateBp: 1800, stateCode: '24', exports: 'lut' },
    });
  });

  it('a Gujarat buyer of ₹4,999 pays ₹5,898.82: CGST = SGST = ₹449.91, charged, invoiced and credited alike', async () => {
    const opened = await checkout(5898.82, GUJARAT);
    expect(opened.res.json().amount).toBe(TAXED);
    const { order, payment, invoice } = await pay(opened);
    expect(order).toMatchObject({ status: 'paid', total_paise: TAXED, tax_paise: 89_982, tax_mode: 'intra' });
    expect(payment.amount_paise).toBe(TAXED);
    expect(invoice.taxMode).toBe('intra');
    expect(invoice.totals).toMatchObject({
      taxablePaise: 499_900,
      cgstPaise: 44_991,
      sgstPaise: 44_991,
      igstPaise: 0,
      totalPaise: TAXED,
      inWords: expect.stringMatching(/five thousand eight hundred ninety[- ]eight.*eighty[- ]two paise/i),
    });

    const refund = await callAs(t, admin)('POST', `/api/admin/orders/${opened.orderId}/refund`);
    expect(refund.statusCode).toBe(200);
    const credit = (await issuedDocument(t, opened.orderId, 'credit_note')).document;
    expect(credit.lines).toEqual(invoice.lines);
    expect(credit.totals).toEqual(invoice.totals);
  });

  it('a Maharashtra buyer with a GSTIN pays the same total as IGST 18 % = ₹899.82', async () => {
    const { order, payment, invoice } = await pay(await checkout(5898.82, MAHARASHTRA));
    expect(payment.amount_paise).toBe(TAXED);
    expect(order.total_paise).toBe(TAXED);
    expect(invoice.totals).toMatchObject({ taxablePaise: 499_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 89_982 });
    expect(invoice.totals.totalPaise).toBe(TAXED);
    expect(invoice.buyer.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('a buyer outside India under a LUT pays ₹4,999 with no tax', async () => {
    // Paid with a card issued abroad: an export claim paid from India is refunded (export-claims.test.ts).
    const { payment, invoice } = await pay(await checkout(4999, ABROAD), 'international');
    expect(payment.amount_paise).toBe(499_900);
    expect(invoice).toMatchObject({ taxMode: 'lut', lutReference: 'AD240326000123X' });
    expect(invoice.totals).toMatchObject({ taxablePaise: 499_900, cgstPaise: 0, igstPaise: 0, totalPaise: 499_900 });
  });

  it('a coupon lowers the taxable value before the tax: 10 % off leaves ₹4,499.10, plus 2 x ₹404.92', async () => {
    // 4,999.00 - 499.90 = 4,499.10; 9 % of it is 404.919, rounded to 404.92 each; 4,499.10 + 809.84 = 5,308.94.
    const { payment, invoice } = await pay(await checkout(5308.94, GUJARAT, { discountCouponId: WELCOME10 }));
    expect(payment.amount_paise).toBe(530_894);
    expect(invoice.lines[0]).toMatchObject({ pricePaise: 499_900, discountPaise: 49_990, taxablePaise: 449_910 });
    expect(invoice.totals).toMatchObject({ cgstPaise: 40_492, sgstPaise: 40_492, totalPaise: 530_894 });
  });

  it('a client amount that leaves out the tax gets 409 and no order', async () => {
    const opened = await checkout(4999, GUJARAT);
    expect(opened.res.statusCode).toBe(409);
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', opened.user.id)
      .execute();
    expect(orders).toEqual([]);
  });

  it('settings switched to inclusive after checkout still give an invoice equal to the charge', async () => {
    const opened = await checkout(5898.82, GUJARAT);
    await saveSettings({ prices: 'inclusive', ratePercent: 12 });
    try {
      const { payment, invoice } = await pay(opened);
      expect(payment.amount_paise).toBe(TAXED);
      expect(invoice.rateBp).toBe(1800);
      expect(invoice.totals).toMatchObject({ taxablePaise: 499_900, cgstPaise: 44_991, totalPaise: TAXED });
      // A checkout now is inclusive again: ₹4,999 is what the buyer pays.
      const now = await pay(await checkout(4999, GUJARAT));
      expect(now.payment.amount_paise).toBe(499_900);
      expect(now.invoice.totals.totalPaise).toBe(499_900);
    } finally {
      await saveSettings();
    }
  });
});
