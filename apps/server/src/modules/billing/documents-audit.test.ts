import { afterAll, beforeAll, expect, it } from 'vitest';
import { taxDocumentProblems } from '../../../../../reliability/support/tax-documents-ledger.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { seedDemo } from '../../db/seed.js';
import { demoCourses } from '../../db/seed-courses.js';
import { buy } from './test-purchases.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

it("the reliability suite's audit of tax documents finds a gap, a missing invoice and a missing credit note", async () => {
  const orders = [];
  for (const course of demoCourses.slice(0, 3)) orders.push((await buy(t, [course._id ?? ''])).orderId);
  expect(await taxDocumentProblems(t.database.db)).toEqual([]);

  const [first, second, third] = orders;
  await t.database.db
    .deleteFrom('tax_documents')
    .where('order_id', '=', second ?? '')
    .execute();
  await t.database.db
    .updateTable('orders')
    .set({ status: 'refunded' })
    .where('id', '=', third ?? '')
    .execute();
  const problems = await taxDocumentProblems(t.database.db);
  expect(problems).toContainEqual(expect.stringMatching(/^series TS \d\d-\d\d: where number 2 should be, 3 is/));
  expect(problems).toContain(`paid order ${second} has 0 invoices`);
  expect(problems).toContain(`refunded order ${third} has 0 credit notes against its invoice`);
  expect(problems.join('\n')).not.toContain(first);
});
