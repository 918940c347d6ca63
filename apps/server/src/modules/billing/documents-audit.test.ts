import { expect, it, onTestFinished } from 'vitest';
import { auditTaxDocuments, taxDocumentProblems } from '../../../../../reliability/support/tax-documents-ledger.js';
import { createDemoShopApp, createTestApp } from '../../../test/helpers.js';
import { buy } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { seedDemo } from '../../seed/seed.js';
import { demoCourses } from '../../seed/seed-courses.js';

const t = useTestApp(createDemoShopApp);

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

it('the audit finds a number taken without its document, a misspelt number and an invoice that differs from the payment', async () => {
  const t = await createTestApp();
  await seedDemo(t.database.db);
  onTestFinished(() => t.close());
  const { orderId } = await buy(t, [demoCourses[3]?._id ?? '']);
  const audit = await auditTaxDocuments(t.database.db);
  expect(audit.invoices).toBeGreaterThan(0);
  const invoice = await t.database.db
    .selectFrom('tax_documents')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const prefix = invoice.number.split('/')[0] ?? '';

  // A counter one ahead of the documents: the number a crash would have lost between taking and saving.
  await t.database.db
    .updateTable('tax_document_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('series', '=', prefix)
    .where('financial_year', '=', invoice.financial_year)
    .execute();
  await t.database.db
    .updateTable('tax_documents')
    .set({ number: `${prefix}/${invoice.financial_year}/999999` })
    .where('id', '=', invoice.id)
    .execute();
  await t.database.db
    .updateTable('payments')
    .set((eb) => ({ amount_paise: eb('amount_paise', '-', 100) }))
    .where('order_id', '=', orderId)
    .execute();

  const problems = (await auditTaxDocuments(t.database.db)).problems;
  expect(problems).toContain(
    `series ${prefix} ${invoice.financial_year}: the counter stands at ${invoice.sequence + 1}, ${invoice.sequence} documents issued`,
  );
  expect(problems).toContain(`document ${prefix}/${invoice.financial_year}/999999 is stored as ${invoice.number}`);
  expect(problems).toContainEqual(
    expect.stringMatching(new RegExp(`^invoice of order ${orderId} adds up to \\d+, the payment captured is \\d+$`)),
  );
});
