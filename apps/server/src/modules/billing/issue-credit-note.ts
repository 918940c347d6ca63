import { indiaDate } from '@shop/shared';
import type { Db } from '../../db/database.js';
import type { TaxSettings } from '../../tax-config.js';
import { amountInWords } from './amount-in-words.js';
import { findDocument } from './repo.js';
import { storeNumberedDocument } from './store-numbered-document.js';
import type { TaxDocumentData } from './tax-document.js';
import { shareDiscount, taxLines, taxTotals } from './tax-lines.js';
import { currentTaxSettings } from './tax-settings-current.js';

/**
 * A partial refund spread over the invoice's lines in proportion, its tax carved out of each share (the
 * amount refunded includes the tax, whether the prices were entered inclusive or exclusive of it).
 */
function partLines(invoiced: TaxDocumentData, credited: number): TaxDocumentData['lines'] {
  const shares = shareDiscount(
    invoiced.lines.map((line) => line.totalPaise),
    credited,
  );
  return taxLines(
    { rateBp: invoiced.rateBp, pricesInclusive: true, sac: invoiced.lines[0]?.sac ?? '' },
    invoiced.taxMode,
    invoiced.lines.map((line, index) => ({ description: line.description, pricePaise: shares[index] ?? 0 })),
    0,
  );
}

/**
 * Issues the credit note of a refunded order inside the refund's transaction (CGST Act s. 34, Rule 53):
 * its own consecutive series, naming the invoice it corrects, with the invoice's supplier, buyer, place
 * of supply and rate. A full refund credits exactly the invoice's lines; a partial one is spread over
 * them in proportion with its tax carved out. An order with no invoice (a free order) gets none; issuing
 * twice is a no-op. Returns the credit note's number, if any.
 */
export async function issueCreditNote(
  trx: Db,
  defaults: TaxSettings,
  orderId: string,
  refundedPaise: number,
  reason: string,
  now: Date,
): Promise<string | null> {
  const invoice = await findDocument(trx, orderId, 'invoice');
  if (!invoice) return null;
  const issued = await findDocument(trx, orderId, 'credit_note');
  if (issued) return issued.number;
  return issueCreditNoteAgainst(trx, defaults, invoice, { orderId }, refundedPaise, reason, now);
}

/**
 * The credit note against an issued invoice (an order's, or a membership charge's: decision 0037), by the
 * same rules. The caller has checked that none was issued yet. Returns its number.
 */
export async function issueCreditNoteAgainst(
  trx: Db,
  defaults: TaxSettings,
  invoice: { data: string },
  owner: { orderId: string } | { subscriptionChargeId: string },
  refundedPaise: number,
  reason: string,
  now: Date,
): Promise<string> {
  const settings = await currentTaxSettings(trx, defaults);
  const invoiced = JSON.parse(invoice.data) as TaxDocumentData;
  const credited = Math.min(refundedPaise, invoiced.totals.totalPaise);
  // A full refund credits the invoice's lines as they are (with exclusive prices a carve-out of each line's
  // total could differ from the tax added on top by a paisa).
  const lines = credited === invoiced.totals.totalPaise ? invoiced.lines : partLines(invoiced, credited);
  const totals = taxTotals(lines);
  const document = {
    ...('orderId' in owner
      ? { orderId: owner.orderId }
      : { orderId: null, subscriptionChargeId: owner.subscriptionChargeId }),
    kind: 'credit_note' as const,
    prefix: settings.creditNotePrefix,
    now,
  };
  return storeNumberedDocument(trx, document, (number) => ({
    ...invoiced,
    title: 'Credit Note',
    number,
    date: indiaDate(now),
    lines,
    totals: { ...totals, inWords: amountInWords(totals.totalPaise) },
    against: { number: invoiced.number, date: invoiced.date },
    reason,
  }));
}
