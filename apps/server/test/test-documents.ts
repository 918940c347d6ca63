import type { TaxDocumentData } from '../src/modules/billing/tax-document.js';
import type { TestApp } from './helpers.js';

/** The invoice (or credit note) issued for an order, as stored: its number, its frozen data as text and parsed. */
export async function issuedDocument(t: TestApp, orderId: string, kind: 'invoice' | 'credit_note' = 'invoice') {
  const row = await t.database.db
    .selectFrom('tax_documents')
    .select(['number', 'data'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return { number: row.number, data: row.data, document: JSON.parse(row.data) as TaxDocumentData };
}
