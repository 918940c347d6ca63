import { messages, tooManyAttemptsMessage } from '@shop/shared';
import { type AuditEntry, writeAudit } from '../../audit/write-audit.js';
import { hitLimit } from '../../auth/rate-limit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findChargeDocumentByPayment } from './charge-documents-repo.js';
import { findDocumentWithBuyer } from './repo.js';
import type { TaxDocumentData } from './tax-document.js';

/** A buyer who asks for their invoice again needs it once or twice, not a mailbox full. */
const RESENDS_PER_DOCUMENT = { max: 3, windowMs: 60 * 60_000 };

type Kind = 'invoice' | 'credit_note';

/**
 * Which document the register resends: an order's, or a membership or instalment charge's (decision 0037)
 * by the gateway's payment id. The contract lets exactly one through.
 */
export type ResendTarget = { orderId?: string; paymentId?: string };

/** What the mail says the document is for, where the buyer finds it, and whose audit trail it joins. */
interface Occasion {
  /** `order 65f…` or `membership payment pay_…`. */
  what: string;
  /** `My Orders` and its address. */
  page: string;
  url: string;
  entity: AuditEntry['entity'];
  entityId: string;
}

/**
 * E-mails an issued invoice or credit note again to the buyer it names (the address frozen on it), from
 * the invoice register: an order's by its id, a charge's by the gateway's payment id. The mail and the
 * audit row are written in one transaction. Limited per document (3 an hour) here and per operator
 * address in the route, like every call that sends mail.
 */
export async function resendDocument(
  deps: AppDeps,
  actor: SessionUser,
  target: ResendTarget,
  kind: Kind,
  now = new Date(),
): Promise<{ number: string; email: string }> {
  const { publicUrl } = deps.config;
  if (target.orderId !== undefined) {
    const row = await findDocumentWithBuyer(deps.db, target.orderId, kind);
    if (!row) throw new AppError('not_found', messages.orderDocumentMissing);
    return mailAgain(deps, actor, row, kind, now, {
      what: `order ${target.orderId}`,
      page: 'My Orders',
      url: `${publicUrl}/orders`,
      entity: 'order',
      entityId: target.orderId,
    });
  }
  const row = target.paymentId && (await findChargeDocumentByPayment(deps.db, target.paymentId, kind));
  if (!row) throw new AppError('not_found', messages.orderDocumentMissing);
  return mailAgain(deps, actor, row, kind, now, {
    what: `membership payment ${target.paymentId}`,
    page: 'My Memberships',
    url: `${publicUrl}/my-memberships`,
    entity: 'subscription',
    entityId: row.subscription_id,
  });
}

/** The part an order's document and a charge's share: the limit, the mail and its audit row. */
async function mailAgain(
  deps: AppDeps,
  actor: SessionUser,
  row: { number: string; data: string },
  kind: Kind,
  now: Date,
  occasion: Occasion,
): Promise<{ number: string; email: string }> {
  const limit = await hitLimit(deps.db, `document-resend:${row.number}`, RESENDS_PER_DOCUMENT, now);
  if (!limit.allowed) throw new AppError('too_many_requests', tooManyAttemptsMessage(limit.retryAfterMs));
  const data = JSON.parse(row.data) as TaxDocumentData;
  const site = deps.config.siteName;
  const document = kind === 'invoice' ? data.title.toLowerCase() : 'credit note';
  const text = [
    `Hello ${data.buyer.name},`,
    '',
    `Here again is your ${document} ${data.number} dated ${data.date} for ${occasion.what} at ${site}.`,
    `Download it from ${occasion.page}: ${occasion.url}`,
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
        entity: occasion.entity,
        entityId: occasion.entityId,
        before: null,
        after: { number: data.number, to: data.buyer.email },
      },
      now,
    );
  });
  deps.mail.kick();
  return { number: data.number, email: data.buyer.email };
}
