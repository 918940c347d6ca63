import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { MailAttachmentRef, RenderedAttachment } from '../mail/mailer.js';
import { renderChargeInvoiceAttachment } from './billing/charge-document-attachment.js';
import { renderDocumentAttachment } from './billing/document-attachment.js';
import { renderCertificateAttachment } from './certificates/certificate-file.js';

/**
 * How the mail pass turns a queued reference into its file: an order's invoice or credit note, a membership
 * charge's invoice, or a certificate.
 */
export function mailAttachmentRenderer(db: Db, config: Config) {
  return (ref: MailAttachmentRef): Promise<RenderedAttachment> =>
    ref.kind === 'certificate'
      ? renderCertificateAttachment(db, config, ref.certificateId)
      : ref.kind === 'charge_invoice'
        ? renderChargeInvoiceAttachment(db, config.dataDir, ref)
        : renderDocumentAttachment(db, config.dataDir, ref);
}
