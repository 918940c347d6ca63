import type { Db } from '../../apps/server/src/db/database';

export interface TaxDocumentAudit {
  invoices: number;
  creditNotes: number;
  problems: string[];
}

/**
 * The tax documents after a run (issue 16, decision 0018): in every series and financial year the
 * numbers run 1, 2, 3 … with no gap and no duplicate, whatever was killed or retried, each number
 * spelling its own series, year and sequence, and the series' counter standing at the last one issued
 * (a number taken without its document would be a gap the next invoice makes visible); every order that
 * took money has exactly one invoice adding up to what it charged and to the payment captured; every
 * refunded order that was invoiced has its one credit note, naming that invoice. Meant for databases
 * created with the billing migration: orders paid before it have no invoice.
 */
export async function auditTaxDocuments(db: Db): Promise<TaxDocumentAudit> {
  const documents = await db
    .selectFrom('tax_documents')
    .select(['order_id', 'subscription_charge_id', 'kind', 'number', 'financial_year', 'sequence', 'data'])
    .execute();
  const charges = await db.selectFrom('subscription_charges').select(['id', 'amount_paise', 'refunded_at']).execute();
  const counters = await db.selectFrom('tax_document_counters').selectAll().execute();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'status', 'total_paise'])
    .where('status', 'in', ['paid', 'refunded'])
    .where('total_paise', '>', 0)
    .execute();
  const payments = await db
    .selectFrom('payments')
    .select(['order_id', 'amount_paise'])
    .where('status', '=', 'captured')
    .execute();
  const problems: string[] = [];

  const series = new Map<string, number[]>();
  for (const document of documents) {
    const prefix = document.number.split('/')[0] ?? '';
    const spelled = `${prefix}/${document.financial_year}/${String(document.sequence).padStart(6, '0')}`;
    if (document.number !== spelled) problems.push(`document ${document.number} is stored as ${spelled}`);
    const key = `${prefix} ${document.financial_year}`;
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
  for (const counter of counters) {
    const issued = series.get(`${counter.series} ${counter.financial_year}`)?.length ?? 0;
    if (Number(counter.last_number) !== issued)
      problems.push(
        `series ${counter.series} ${counter.financial_year}: the counter stands at ${counter.last_number}, ${issued} documents issued`,
      );
  }

  const paidPer = new Map<string, number>();
  for (const payment of payments)
    paidPer.set(payment.order_id, (paidPer.get(payment.order_id) ?? 0) + payment.amount_paise);
  const byOrder = new Map<string, typeof documents>();
  for (const document of documents) {
    const owner = document.order_id ?? `charge ${document.subscription_charge_id}`;
    byOrder.set(owner, [...(byOrder.get(owner) ?? []), document]);
  }
  // A membership's captured charge (decision 0037): one invoice of its amount, a credit note once refunded.
  for (const charge of charges) {
    const own = byOrder.get(`charge ${charge.id}`) ?? [];
    const invoices = own.filter((document) => document.kind === 'invoice');
    const notes = own.filter((document) => document.kind === 'credit_note');
    const total = invoices[0] && (JSON.parse(invoices[0].data) as { totals?: { totalPaise?: number } }).totals;
    if (invoices.length !== 1) problems.push(`subscription charge ${charge.id} has ${invoices.length} invoices`);
    else if (total?.totalPaise !== charge.amount_paise)
      problems.push(`invoice of charge ${charge.id} adds up to ${total?.totalPaise}, not ${charge.amount_paise}`);
    if (notes.length !== (charge.refunded_at ? 1 : 0))
      problems.push(`charge ${charge.id} (refunded: ${Boolean(charge.refunded_at)}) has ${notes.length} credit notes`);
  }
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
    if (invoice.totals?.totalPaise !== paidPer.get(order.id))
      problems.push(
        `invoice of order ${order.id} adds up to ${invoice.totals?.totalPaise}, the payment captured is ${paidPer.get(order.id)}`,
      );
    if (order.status === 'refunded') {
      const note = notes[0] && (JSON.parse(notes[0].data) as { against?: { number?: string } });
      if (notes.length !== 1 || note?.against?.number !== invoices[0]?.number)
        problems.push(`refunded order ${order.id} has ${notes.length} credit notes against its invoice`);
    } else if (notes.length > 0) problems.push(`paid order ${order.id} has a credit note`);
  }
  return {
    invoices: documents.filter((document) => document.kind === 'invoice').length,
    creditNotes: documents.filter((document) => document.kind === 'credit_note').length,
    problems,
  };
}

/** The problems alone, for callers that need no counts. */
export async function taxDocumentProblems(db: Db): Promise<string[]> {
  return (await auditTaxDocuments(db)).problems;
}
