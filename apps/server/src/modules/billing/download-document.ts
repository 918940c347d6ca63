import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type DocumentFile, issuedDocumentFile } from './render-stored-document.js';
import { findDocumentWithBuyer } from './repo.js';

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
  return issuedDocumentFile(dataDir, row);
}
