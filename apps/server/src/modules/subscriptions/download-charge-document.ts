import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type ChargeDocument, chargeDocumentFile } from '../billing/charge-document-file.js';

/**
 * A membership charge's invoice or credit note as a PDF, for the learner who paid it and the shop's admins
 * only. Anyone else, a payment of another membership, or a charge with no such document gets the same 404,
 * so ids cannot be probed (as an order's documents).
 */
export async function downloadChargeDocument(
  db: Db,
  user: SessionUser,
  subscriptionId: string,
  paymentId: string,
  kind: 'invoice' | 'credit_note',
  dataDir: string,
): Promise<ChargeDocument> {
  const file = await chargeDocumentFile(db, dataDir, paymentId, kind);
  const allowed = file && file.subscriptionId === subscriptionId && (file.userId === user.id || user.role === 'admin');
  if (!allowed) throw new AppError('not_found', messages.orderDocumentMissing);
  return file;
}

/**
 * The invoice of the charge with this gateway payment id (number, learner, PDF), or undefined when none
 * was issued: for the e-mail that sends each charge's invoice (helper E) to attach or link it.
 */
export function chargeInvoiceOf(db: Db, dataDir: string, paymentId: string): Promise<ChargeDocument | undefined> {
  return chargeDocumentFile(db, dataDir, paymentId, 'invoice');
}
