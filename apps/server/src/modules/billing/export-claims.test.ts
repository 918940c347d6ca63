import { messages, type TaxSettingsInput } from '@shop/shared';
import pino from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callAs } from '../../../test/admin-test-client.js';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { deliveredRefundMails } from '../../../test/order-records.js';
import { payInSandbox, verifyPayment } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { reconcilePayments } from '../orders/reconcile-payments.js';

// Issue 32, B7: with prices exclusive of GST and exports under a Letter of Undertaking, "Outside India"
// takes the 18 % off the charge. The claim names a country and is checked against the card that pays:
// one paid from India is refunded, not invoiced as an export, and the buyer told to order again.
const t = useTestApp(createDemoShopApp);
let admin: TestUser;
const course = demoCourses.find((c) => c.price === 4999)?._id ?? '';

const settings: TaxSettingsInput = {
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
};

async function checkout(billing: object, rupees = 4999) {
  const user = await createSignedInUser(t.database.db);
  const call = callAs(t, user);
  expect((await call('POST', '/api/cart/add', { courseId: course })).statusCode).toBe(200);
  const res = await call('POST', '/api/create-order', {
    amount: rupees,
    name: 'Asha Patel',
    email: user.email,
    ...billing,
  });
  const headers = { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin };
  return { res, user, headers, orderId: res.json().orderId as string, gatewayOrderId: res.json().order_id as string };
}

const orderRow = (orderId: string) =>
  t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const documentsOf = (orderId: string) =>
  t.database.db.selectFrom('tax_documents').select(['kind', 'data']).where('order_id', '=', orderId).execute();
const enrolmentsOf = (userId: string) =>
  t.database.db.selectFrom('enrolments').select('course_id').where('user_id', '=', userId).execute();

beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin', email: `export-admin-${Date.now()}@example.com` });
  expect((await callAs(t, admin)('PUT', '/api/admin/tax-settings', settings)).statusCode).toBe(200);
});

describe('an export claim is checked against the payment (B7)', () => {
  it('Outside India without a country, or with India as the country, is refused with a field message', async () => {
    const none = await checkout({ state: '96', disclaimerAccepted: true });
    expect(none.res.statusCode).toBe(400);
    expect(none.res.json().message).toContain(messages.billingCountryRequired);
    const unknown = await checkout({ state: '96', country: 'XX', disclaimerAccepted: true });
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.json().message).toContain(messages.billingCountryRequired);
    const india = await checkout({ state: '96', country: 'in', disclaimerAccepted: true });
    expect(india.res.statusCode).toBe(400);
    expect(india.res.json().message).toContain(messages.billingCountryIndia);
    const mixed = await checkout({ state: '24', pin: '380015', country: 'US', disclaimerAccepted: true }, 5898.82);
    expect(mixed.res.statusCode).toBe(400);
    expect(mixed.res.json().message).toContain(messages.billingCountryOutside);
  });

  it('paid with a card issued abroad: ₹4,999 with no tax, enrolled, a zero-rated invoice naming the country', async () => {
    const opened = await checkout({ state: '96', country: 'us', disclaimerAccepted: true });
    expect(opened.res.statusCode, opened.res.body).toBe(200);
    expect(opened.res.json().amount).toBe(499_900);
    const verified = await verifyPayment(t, opened, await payInSandbox(t, opened, 'international'));
    expect(verified.json().message).toBe(messages.paymentSuccess);
    expect(await orderRow(opened.orderId)).toMatchObject({ status: 'paid', billing_country: 'US', tax_mode: 'lut' });
    expect(await enrolmentsOf(opened.user.id)).toEqual([{ course_id: course }]);
    const [invoice] = await documentsOf(opened.orderId);
    expect(JSON.parse(invoice?.data ?? '{}')).toMatchObject({ taxMode: 'lut', buyer: { country: 'US' } });
  });

  it('paid from India: refunded in full, no export invoice, nothing granted, the buyer told to order again', async () => {
    const opened = await checkout({ state: '96', country: 'US', disclaimerAccepted: true });
    expect(opened.res.statusCode, opened.res.body).toBe(200);
    const verified = await verifyPayment(t, opened, await payInSandbox(t, opened, 'domestic'));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(messages.paymentRefundedUnfulfillable);
    expect((await orderRow(opened.orderId)).status).toBe('refunded');
    expect(await enrolmentsOf(opened.user.id)).toEqual([]);
    expect(await documentsOf(opened.orderId)).toEqual([]);
    const atGateway = await t.database.db
      .selectFrom('sandbox_payments')
      .select(['status', 'amount_refunded'])
      .where('order_id', '=', opened.gatewayOrderId)
      .executeTakeFirstOrThrow();
    expect(atGateway).toEqual({ status: 'refunded', amount_refunded: 499_900 });
    // Read as delivered: a mail pass may already have sent it, and a sent mail's body is not kept in the queue.
    const [mail] = await deliveredRefundMails(t, opened.user.email);
    expect(mail).toContain('order again with your Indian state');
    const history = await t.database.db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', opened.orderId)
      .execute();
    expect(history.map((event) => event.note).join('\n')).toContain('payment from India');
  });

  it('reconciliation checks an export claim with the payment it has just fetched: one gateway call, not two', async () => {
    const opened = await checkout({ state: '96', country: 'US', disclaimerAccepted: true });
    expect(opened.res.statusCode, opened.res.body).toBe(200);
    // Paid abroad, but the browser's verify call never came: reconciliation finds the payment.
    await payInSandbox(t, opened, 'international');
    const fetches = vi.spyOn(t.app.deps.gateway, 'fetchOrderPayments');
    try {
      const later = new Date(Date.now() + 20 * 60_000);
      const report = await reconcilePayments(t.app.deps, pino({ level: 'silent' }), later);
      expect(report.fulfilled).toBeGreaterThanOrEqual(1);
      expect(fetches.mock.calls.filter(([id]) => id === opened.gatewayOrderId)).toHaveLength(1);
    } finally {
      fetches.mockRestore();
    }
    expect(await orderRow(opened.orderId)).toMatchObject({ status: 'paid', billing_country: 'US' });
    expect(await enrolmentsOf(opened.user.id)).toEqual([{ course_id: course }]);
  });
});
