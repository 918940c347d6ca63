import type { Db } from '../../db/database.js';
import { listInvoicesOfKeptCharges } from './charge-documents-repo.js';
import { listTaxableValueOfPaidOrders } from './repo.js';
import type { TaxDocumentData } from './tax-document.js';

/**
 * Takings net of refunds and of tax: for each order, membership charge or instalment paid since `from`
 * and not refunded, when it was paid and the taxable value its invoice was issued with (the amount less
 * CGST, SGST and IGST, as frozen, never recomputed from today's rate). Free orders have no invoice and
 * took nothing.
 */
export async function listNetTakings(db: Db, from: string): Promise<{ paidAt: string; taxablePaise: number }[]> {
  const rows = [...(await listTaxableValueOfPaidOrders(db, from)), ...(await listInvoicesOfKeptCharges(db, from))];
  return rows.map((row) => ({
    paidAt: row.paid_at ?? '',
    taxablePaise: (JSON.parse(row.data) as TaxDocumentData).totals.taxablePaise,
  }));
}
