import { messages, tooManyAttemptsMessage } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import { hitLimit } from '../../auth/rate-limit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findDocumentWithBuyer } from './repo.js';
import type { TaxDocumentData } from './tax-document.js';

/** A buyer who asks for their invoice again needs it once or twice, not a mailbox full. */
const RESENDS_PER_DOCUMENT = { max: 3, windowMs: 60 * 60_000 };

/**
 * E-mails an issued invoice or credit note again to the buyer it names (the address frozen on it), from
 * the invoice register. The mail and the audit row are written in one transaction. Limited per document
 * (3 an hour) here and per operator address in the route, like every call that sends mail.
 */
export async function resendDocument(
  deps: AppDeps,
  actor: SessionUser,
  orderId: string,
  kind: 'invoice' | 'credit_note',
  now = new Date(),
): Promise<{ number: string; email: string }> {
  const row = await findDocumentWithBuyer(deps.db, orderId, kind);
  if (!row) throw new AppError('not_found', messages.orderDocumentMissing);
  const limit = await hitLimit(deps.db, `document-resend:${row.number}`, RESENDS_PER_DOCUMENT, now);
  if (!limit.allowed) throw new AppError('too_many_requests', tooManyAttemptsMessage(limit.retryAfterMs));
  const data = JSON.parse(row.data) as TaxDocumentData;
  const site = deps.config.siteName;
  const document = kind === 'invoice' ? data.title.toLowerCase() : 'credit note';
  const orders = `${deps.config.publicUrl}/orders`;
  const text = [
    `Hello ${data.buyer.name},`,
    '',
    `Here again is your ${document} ${data.number} dated ${data.date} for order ${orderId} at ${site}.`,
    `Download it from My Orders: ${orders}`,
  ].join('\n');
  await deps.db.transaction().execute(async (trx) => {
    await deps.mail.enqueue(
      {
        to: data.buyer.email,
        subject: messages.registerDocumentMailSubject
          .replace('{document}', document)
          .replace('{number}', data.number)
          .replace('{site}', site),
        text,
      },
      trx,
      now,
    );
    await writeAudit(
      trx,
      actor,
      {
        action: `${kind === 'invoice' ? 'invoice' : 'credit_note'}.resend`,
        entity: 'order',
        entityId: orderId,
        before: null,
        after: { number: data.number, to: data.buyer.email },
      },
      now,
    );
  });
  deps.mail.kick();
  return { number: data.number, email: data.buyer.email };
}
