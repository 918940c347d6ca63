import { beforeAll, expect, it } from 'vitest';
import { callAs } from '../../../test/admin-test-client.js';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { issuedDocument } from '../../../test/test-documents.js';
import { buy } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';

const t = useTestApp(createDemoShopApp);
let admin: TestUser;
let asAdmin: ReturnType<typeof callAs>;
const [c1, c2, c3] = demoCourses.map((course) => course._id ?? '');

beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
  asAdmin = callAs(t, admin);
});

const invoiceOf = async (orderId: string) => (await issuedDocument(t, orderId)).document;
const dashboard = async () => (await asAdmin('GET', '/api/admin/dashboard')).json().dashboard;

it('the dashboard shows the takings net of refunds and of tax, as the invoices were issued, beside the gross', async () => {
  const gujarat = await buy(t, [c1 ?? '', c2 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
  const pune = await buy(t, [c3 ?? ''], { state: '27', pin: '411001', disclaimerAccepted: true });
  const refunded = await buy(t, [c1 ?? ''], { state: '29', pin: '560001', disclaimerAccepted: true });
  expect((await asAdmin('POST', `/api/admin/orders/${refunded.orderId}/refund`, {})).statusCode).toBe(200);

  const a = await invoiceOf(gujarat.orderId);
  const b = await invoiceOf(pune.orderId);
  const now = await dashboard();
  const gross = now.revenueByDay.reduce((sum: number, day: { paise: number }) => sum + day.paise, 0);
  expect(gross).toBe(a.totals.totalPaise + b.totals.totalPaise);
  expect(now.netOfTaxLast30DaysPaise).toBe(a.totals.taxablePaise + b.totals.taxablePaise);
  // 18 % carved out of prices that include it: the net is the gross less 18/118 of it, to the paisa per line.
  expect(Math.abs(now.netOfTaxLast30DaysPaise - Math.round((gross * 100) / 118))).toBeLessThanOrEqual(3);

  // An invoice issued under another rate keeps its own figures: the net follows the frozen invoice.
  await t.database.db
    .updateTable('tax_documents')
    .set({ data: JSON.stringify({ ...b, totals: { ...b.totals, taxablePaise: 12_345 } }) })
    .where('order_id', '=', pune.orderId)
    .where('kind', '=', 'invoice')
    .execute();
  expect((await dashboard()).netOfTaxLast30DaysPaise).toBe(a.totals.taxablePaise + 12_345);
});
