import type { NewsletterSendInput } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { composeNewsletterMail } from './newsletter-mails.js';
import { listConfirmedSubscribers } from './repo.js';

/**
 * The operator mails a newsletter to every confirmed subscriber (never a pending sign-up), each copy
 * with its own one-click unsubscribe. Queued in one transaction with the audit row; the mail pass sends.
 */
export async function sendNewsletter(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  actor: SessionUser,
  input: NewsletterSendInput,
  now = new Date(),
): Promise<number> {
  const site = { siteName: deps.config.siteName, publicUrl: deps.config.publicUrl };
  const queued = await deps.db.transaction().execute(async (trx) => {
    const subscribers = await listConfirmedSubscribers(trx);
    for (const subscriber of subscribers) {
      const mail = composeNewsletterMail(
        site,
        { email: subscriber.email, unsubscribeToken: subscriber.unsubscribe_token ?? '' },
        input.subject,
        input.body,
      );
      await deps.mail.enqueue(mail, trx, now);
    }
    await writeAudit(
      trx,
      actor,
      {
        action: 'newsletter.sent',
        entity: 'newsletter',
        entityId: now.toISOString(),
        before: null,
        after: { subject: input.subject, recipients: subscribers.length },
      },
      now,
    );
    return subscribers.length;
  });
  deps.mail.kick();
  return queued;
}
