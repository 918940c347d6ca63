import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { renderStoredDocument } from './render-stored-document.js';
import { findDocumentWithBuyer } from './repo.js';
import type { TaxDocumentData } from './tax-document.js';

/**
 * The last PDFs rendered, by document number. An issued document never changes and renders to the same
 * bytes, so a repeat download (a buyer clicking twice, a mail client fetching again) costs no CPU.
 */
const rendered = new Map<string, Buffer>();
const RENDERED_KEPT = 200;

export interface DocumentFile {
  fileName: string;
  pdf: Buffer;
}

/**
 * An order's invoice or credit note as a PDF, for its buyer and the shop's admins only. Anyone else
 * gets the same 404 as for an order with no such document, so order ids cannot be probed.
 */
export async function downloadDocument(
  db: Db,
  user: SessionUser,
  orderId: string,
  kind: 'invoice' | 'credit_note',
  /** Where the signature images are (DATA_DIR). */
  dataDir: string,
): Promise<DocumentFile> {
  const row = await findDocumentWithBuyer(db, orderId, kind);
  if (!row || (row.user_id !== user.id && user.role !== 'admin'))
    throw new AppError('not_found', messages.orderDocumentMissing);
  let pdf = rendered.get(row.number);
  if (!pdf) {
    pdf = await renderStoredDocument(dataDir, JSON.parse(row.data) as TaxDocumentData);
    if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? '');
    rendered.set(row.number, pdf);
  }
  return { fileName: `${row.number.replaceAll('/', '-')}.pdf`, pdf };
}
