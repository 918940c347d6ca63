import type { Db } from '../../db/database.js';
import type { ChargeInvoiceRef, RenderedAttachment } from '../../mail/mailer.js';
import { chargeDocumentFile } from './charge-document-file.js';

/**
 * The PDF of a membership charge's tax invoice that a queued mail (the member's receipt) names, rendered by
 * the mail pass as it sends, from the frozen data: the same file the learner downloads. A reference naming
 * no such invoice fails the delivery, which the queue retries and logs (as an order's document).
 */
export async function renderChargeInvoiceAttachment(
  db: Db,
  dataDir: string,
  ref: ChargeInvoiceRef,
): Promise<RenderedAttachment> {
  const file = await chargeDocumentFile(db, dataDir, ref.paymentId, 'invoice');
  if (file?.number !== ref.number) throw new Error(`no invoice ${ref.number} for payment ${ref.paymentId}`);
  return { filename: file.fileName, content: file.pdf, contentType: 'application/pdf' };
}
