import type { Db } from '../../db/database.js';
import { findChargeDocuments } from './charge-documents-repo.js';

/** The invoice and credit note numbers issued for each of these subscription charges (by charge id). */
export async function chargeDocumentNumbers(
  db: Db,
  subscriptionChargeIds: string[],
): Promise<Map<string, { invoice?: string; creditNote?: string }>> {
  const numbers = new Map<string, { invoice?: string; creditNote?: string }>();
  for (const row of await findChargeDocuments(db, subscriptionChargeIds)) {
    const id = row.subscription_charge_id ?? '';
    const entry = numbers.get(id) ?? {};
    if (row.kind === 'invoice') entry.invoice = row.number;
    else entry.creditNote = row.number;
    numbers.set(id, entry);
  }
  return numbers;
}
