import type { Db } from '../../apps/server/src/db/database';

/**
 * The tax documents after a run (issue 16, decision 0018): in every series and financial year the
 * numbers run 1, 2, 3 … with no gap and no duplicate, whatever was killed or retried; every order that
 * took money has exactly one invoice adding up to what it charged; every refunded order that was
 * invoiced has its credit note, naming that invoice. Meant for databases created with the billing
 * migration: orders paid before it have no invoice.
 */
export async function taxDocumentProblems(db: Db): Promise<string[]> {
  const documents = await db
    .selectFrom('tax_documents')
    .select(['order_id', 'kind', 'number', 'financial_year', 'sequence', 'data'])
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'status', 'total_paise'])
    .where('status', 'in', ['paid', 'refunded'])
    .where('total_paise', '>', 0)
    .execute();
  const problems: string[] = [];

  const series = new Map<string, number[]>();
  for (const document of documents) {
    const key = `${document.number.split('/')[0]} ${document.financial_year}`;
    series.set(key, [...(series.get(key) ?? []), document.sequence]);
  }
  for (const [key, sequences] of series) {
    sequences.sort((a, b) => a - b);
    const broken = sequences.findIndex((sequence, index) => sequence !== index + 1);
    if (broken >= 0)
      problems.push(
        `series ${key}: where number ${broken + 1} should be, ${sequences[broken]} is (a gap or a duplicate)`,
      );
  }

  const byOrder = new Map<string, typeof documents>();
  for (const document of documents)
    byOrder.set(document.order_id, [...(byOrder.get(document.order_id) ?? []), document]);
  for (const order of orders) {
    const own = byOrder.get(order.id) ?? [];
    const invoices = own.filter((document) => document.kind === 'invoice');
    const notes = own.filter((document) => document.kind === 'credit_note');
    if (invoices.length !== 1) {
      problems.push(`${order.status} order ${order.id} has ${invoices.length} invoices`);
      continue;
    }
    const invoice = JSON.parse(invoices[0]?.data ?? '{}') as { totals?: { totalPaise?: number }; number?: string };
    if (invoice.totals?.totalPaise !== order.total_paise)
      problems.push(`invoice of order ${order.id} adds up to ${invoice.totals?.totalPaise}, not ${order.total_paise}`);
    if (order.status === 'refunded') {
      const note = notes[0] && (JSON.parse(notes[0].data) as { against?: { number?: string } });
      if (notes.length !== 1 || note?.against?.number !== invoices[0]?.number)
        problems.push(`refunded order ${order.id} has ${notes.length} credit notes against its invoice`);
    } else if (notes.length > 0) problems.push(`paid order ${order.id} has a credit note`);
  }
  return problems;
}
