import type { Db } from '../../db/database.js';
import { findChargeDocumentByPayment } from './charge-documents-repo.js';
import { type DocumentFile, issuedDocumentFile } from './render-stored-document.js';

/** A membership charge's issued invoice or credit note: its number, owner and PDF. */
export interface ChargeDocument extends DocumentFile {
  number: string;
  userId: string;
  subscriptionId: string;
  chargeId: string;
  issuedAt: string;
}

/**
 * The invoice (or credit note) of the charge with this gateway payment id as a file, rendered from its
 * frozen data (the same bytes as the learner's download), or undefined when none was issued. Who may see
 * it is the caller's check (`userId`).
 */
export async function chargeDocumentFile(
  db: Db,
  dataDir: string,
  gatewayPaymentId: string,
  kind: 'invoice' | 'credit_note' = 'invoice',
): Promise<ChargeDocument | undefined> {
  const row = await findChargeDocumentByPayment(db, gatewayPaymentId, kind);
  if (!row) return undefined;
  const file = await issuedDocumentFile(dataDir, row);
  return {
    ...file,
    number: row.number,
    userId: row.user_id,
    subscriptionId: row.subscription_id,
    chargeId: row.charge_id,
    issuedAt: row.issued_at,
  };
}
