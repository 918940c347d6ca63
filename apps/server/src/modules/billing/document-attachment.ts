import type { Db } from '../../db/database.js';
import type { RenderedAttachment, TaxDocumentRef } from '../../mail/mailer.js';
import { issuedDocumentFile } from './render-stored-document.js';
import { findDocumentWithBuyer } from './repo.js';

/**
 * The PDF of an invoice or credit note a queued mail names, rendered by the mail pass as it sends:
 * outside the paying (or refunding) transaction and the request, from the frozen data, so the
 * attachment is the same file the buyer downloads (and the download that follows finds it rendered).
 * A reference that names no issued document fails the delivery, which the queue retries and logs.
 */
export async function renderDocumentAttachment(
  db: Db,
  dataDir: string,
  ref: TaxDocumentRef,
): Promise<RenderedAttachment> {
  const row = await findDocumentWithBuyer(db, ref.orderId, ref.kind);
  if (row?.number !== ref.number) throw new Error(`no ${ref.kind} ${ref.number} for order ${ref.orderId}`);
  const file = await issuedDocumentFile(dataDir, row);
  return { filename: file.fileName, content: file.pdf, contentType: 'application/pdf' };
}
