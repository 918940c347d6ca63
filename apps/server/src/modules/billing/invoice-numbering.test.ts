import { financialYear } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDemoShopApp } from '../../../test/helpers.js';
import { buy, openOrder, payInSandbox, verifyPayment } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { fulfilContext } from '../orders/fulfil-context.js';
import { fulfilOrder } from '../orders/fulfil-order.js';
import type { TaxDocumentData } from './tax-document.js';

const t = useTestApp(createDemoShopApp);
const [c1, c2] = demoCourses.map((course) => course._id ?? '');

const invoiceOf = async (orderId: string) => {
  const row = await t.database.db
    .selectFrom('tax_documents')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
  return row && { ...row, data: JSON.parse(row.data) as TaxDocumentData };
};
const invoicesIn = (year: string) =>
  t.database.db
    .selectFrom('tax_documents')
    .select(['number', 'sequence', 'order_id'])
    .where('kind', '=', 'invoice')
    .where('financial_year', '=', year)
    .orderBy('sequence')
    .execute();

describe('tax invoices are issued in the paying transaction', () => {
  it('a paid order gets one invoice whose data is frozen, and paying again issues nothing more', async () => {
    const opened = await openOrder(t, [c1 ?? '', c2 ?? '']);
    expect(await invoiceOf(opened.orderId)).toBeUndefined();
    const signed = await payInSandbox(t, opened);
    expect((await verifyPayment(t, opened, signed)).statusCode).toBe(200);
    expect((await verifyPayment(t, opened, signed)).statusCode).toBe(200);
    const invoice = await invoiceOf(opened.orderId);
    expect(invoice?.number).toMatch(/^TS\/\d\d-\d\d\/\d{6}$/);
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', opened.orderId)
      .executeTakeFirstOrThrow();
    expect(invoice?.data).toMatchObject({
      title: 'Tax Invoice',
      orderId: opened.orderId,
      supplier: { stateCode: '24', stateName: 'Gujarat', gstin: t.config.tax.gstin },
      buyer: { name: 'Asha Patel', email: opened.user.email },
      // No state on record: the place of supply is the shop's own (IGST Act s. 12(2)(b)(ii)).
      placeOfSupply: { code: '24', name: 'Gujarat' },
      taxMode: 'intra',
      reverseCharge: false,
    });
    expect(invoice?.data.lines).toHaveLength(2);
    expect(invoice?.data.totals.totalPaise).toBe(order.total_paise);
    const documents = await t.database.db
      .selectFrom('tax_documents')
      .select('id')
      .where('order_id', '=', opened.orderId)
      .execute();
    expect(documents).toHaveLength(1);
  });

  it('500 concurrent purchases get 500 consecutive numbers, no gap, no duplicate', { timeout: 120_000 }, async () => {
    const year = financialYear(new Date());
    const before = (await invoicesIn(year)).length;
    const opened = [];
    for (let batch = 0; batch < 10; batch += 1) {
      opened.push(...(await Promise.all(Array.from({ length: 50 }, () => openOrder(t, [c1 ?? ''])))));
    }
    const signed = await Promise.all(opened.map((order) => payInSandbox(t, order)));
    const started = performance.now();
    const answers = await Promise.all(opened.map((order, index) => verifyPayment(t, order, signed[index] ?? {})));
    const ms = performance.now() - started;
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const invoices = await invoicesIn(year);
    expect(invoices).toHaveLength(before + 500);
    expect(invoices.map((row) => row.sequence)).toEqual(Array.from({ length: before + 500 }, (_, i) => i + 1));
    expect(new Set(invoices.map((row) => row.number)).size).toBe(before + 500);
    const ours = new Set(opened.map((order) => order.orderId));
    expect(invoices.filter((row) => ours.has(row.order_id ?? ''))).toHaveLength(500);
    console.info(`500 concurrent verify-payment calls with invoice numbering: ${ms.toFixed(0)} ms`);
  });

  it('the financial year rolls over at midnight India time on 1 April', async () => {
    const pay = async (at: string) => {
      const opened = await openOrder(t, [c2 ?? '']);
      await fulfilOrder(
        fulfilContext(t.app.deps),
        opened.orderId,
        { gatewayPaymentId: `pay_fy_${opened.orderId}`, amountPaise: 1 },
        'verify',
        new Date(at),
      );
      return invoiceOf(opened.orderId);
    };
    const march = await pay('2027-03-31T18:29:59.000Z');
    const april = await pay('2027-03-31T18:30:00.000Z');
    const next = await pay('2027-04-02T10:00:00.000Z');
    expect(march?.number).toMatch(/^TS\/26-27\//);
    expect(march?.data.date).toBe('2027-03-31');
    expect(april?.number).toBe('TS/27-28/000001');
    expect(april?.data.date).toBe('2027-04-01');
    expect(next?.number).toBe('TS/27-28/000002');
  });
});

it('issuing is part of the purchase: an order bought the ordinary way has its invoice', async () => {
  const { orderId } = await buy(t, [demoCourses[2]?._id ?? '']);
  expect((await invoiceOf(orderId))?.number).toMatch(/^TS\//);
});
