import type { Db } from '../../db/database.js';
import type { MailAttachmentRef, RenderedAttachment } from '../../mail/mailer.js';
import { renderStoredDocument } from './render-stored-document.js';
import { findDocumentWithBuyer } from './repo.js';
import type { TaxDocumentData } from './tax-document.js';

/**
 * The PDF of an invoice or credit note a queued mail names, rendered by the mail pass as it sends:
 * outside the paying (or refunding) transaction and the request, from the frozen data, so the
 * attachment is the same file the buyer downloads. A reference that names no issued document fails
 * the delivery, which the queue retries and logs.
 */
export async function renderDocumentAttachment(
  db: Db,
  dataDir: string,
  ref: MailAttachmentRef,
): Promise<RenderedAttachment> {
  const row = await findDocumentWithBuyer(db, ref.orderId, ref.kind);
  if (row?.number !== ref.number) throw new Error(`no ${ref.kind} ${ref.number} for order ${ref.orderId}`);
  return {
    filename: `${row.number.replaceAll('/', '-')}.pdf`,
    content: await renderStoredDocument(dataDir, JSON.parse(row.data) as TaxDocumentData),
    contentType: 'application/pdf',
  };
}
