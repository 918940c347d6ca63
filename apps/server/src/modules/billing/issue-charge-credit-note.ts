import type { Db } from '../../db/database.js';
import type { TaxSettings } from '../../tax-config.js';
import { findChargeDocument } from './charge-documents-repo.js';
import { issueCreditNoteAgainst } from './issue-credit-note.js';

/**
 * The credit note of a membership charge refunded by the operator, inside the refund's transaction
 * (decision 0037, addendum): the credit-note series, against that charge's invoice, as an order's. A charge
 * without an invoice gets none; issuing twice is a no-op. Returns its number, if any.
 */
export async function issueChargeCreditNote(
  trx: Db,
  defaults: TaxSettings,
  subscriptionChargeId: string,
  refundedPaise: number,
  reason: string,
  now: Date,
): Promise<string | null> {
  const invoice = await findChargeDocument(trx, subscriptionChargeId, 'invoice');
  if (!invoice) return null;
  const issued = await findChargeDocument(trx, subscriptionChargeId, 'credit_note');
  if (issued) return issued.number;
  return issueCreditNoteAgainst(trx, defaults, invoice, { subscriptionChargeId }, refundedPaise, reason, now);
}
