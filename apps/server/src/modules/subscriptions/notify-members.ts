import type { MemberNoticesTable } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { MailMessage } from '../../mail/mailer.js';
import {
  cancelledMail,
  cancelScheduledMail,
  chargeFailedMail,
  haltedMail,
  type MemberMailTo,
  receiptMail,
  welcomeMail,
} from './member-mails.js';
import { claimNotice, findNoticeSubject, invoicedCharges, replacementOf } from './member-notices-repo.js';

type Notice = Pick<MemberNoticesTable, 'kind' | 'occasion'> & { mail: MailMessage };

/** States in which a subscription cancelled at its period's end has not ended yet. */
const LIVE = ['authenticated', 'active', 'pending'];

/**
 * The member's e-mails after a subscription event, from the state as stored (the gateway's, read afresh by
 * handleSubscriptionEvent), never from the event itself: welcome once started, each invoiced charge's
 * receipt, a failed charge (pending) once per cycle, a halt once per cycle, the end once. Each notice is a
 * row with a unique (subscription, kind, occasion) written in the same transaction as its mail in the
 * outbox, so replays, events out of order and two processes queue each mail exactly once; a crash rolls
 * both back and the next event (or replay) sends it.
 */
export async function notifyMembers(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  gatewaySubscriptionId: string,
  now = new Date(),
): Promise<number> {
  const sub = await findNoticeSubject(deps.db, gatewaySubscriptionId);
  if (sub?.user_status !== 'active') return 0;
  const site = { publicUrl: deps.config.publicUrl, siteName: deps.config.siteName };
  const to: MemberMailTo = {
    email: sub.email,
    name: sub.username,
    plan: sub.plan_title,
    subscriptionId: sub.id,
    ...(sub.total_count !== null ? { instalments: sub.total_count } : {}),
  };
  const cycle = `cycle-${sub.paid_count}`;
  const notices: Notice[] = [];
  // A replacement (resume, new payment method) continues a membership: no second welcome. Instalments
  // (a course bought in N payments) are no membership: their payer gets the receipts, not the welcome.
  const started = sub.status === 'authenticated' || sub.status === 'active';
  if (started && sub.replaces_id === null && sub.plan_kind === 'membership')
    notices.push({
      kind: 'welcome',
      occasion: 'start',
      mail: welcomeMail(site, to, { amountPaise: sub.amount_paise, at: sub.next_charge_at }),
    });
  for (const [index, charge] of (await invoicedCharges(deps.db, sub.id)).entries())
    notices.push({
      kind: 'receipt',
      occasion: charge.gateway_payment_id,
      mail: receiptMail(site, to, {
        paymentId: charge.gateway_payment_id,
        amountPaise: charge.amount_paise,
        paidAt: charge.paid_at,
        invoiceNumber: charge.number,
        number: index + 1,
      }),
    });
  if (sub.status === 'pending')
    notices.push({ kind: 'charge_failed', occasion: cycle, mail: chargeFailedMail(site, to, sub.amount_paise) });
  if (sub.status === 'halted')
    notices.push({ kind: 'halted', occasion: cycle, mail: haltedMail(site, to, sub.amount_paise) });
  // Cancelled because a replacement took over (or is taking over) is no end for the learner.
  const replacement = await replacementOf(deps.db, sub.id);
  // Cancelled at the period's end while still live (the learner's one click, or the operator): a note that
  // nothing more is charged and until when the courses stay open; the end itself has its own mail.
  if (sub.cancel_at_period_end === 1 && LIVE.includes(sub.status) && !replacement.any)
    notices.push({
      kind: 'cancel_scheduled',
      occasion: 'end',
      mail: cancelScheduledMail(site, to, sub.current_period_end),
    });
  if (sub.status === 'cancelled' && !replacement.tookOver) {
    // The courses stay open until the paid period ends, or closed already when the gateway ended it sooner
    // (cancelled at once, a trial): the earlier of the two, if still ahead.
    const ends = [sub.current_period_end, sub.ended_at].filter((at): at is string => at !== null).map(Date.parse);
    const end = ends.length > 0 ? Math.min(...ends) : null;
    const openUntil = end !== null && end > now.getTime() ? new Date(end).toISOString() : null;
    notices.push({ kind: 'cancelled', occasion: 'end', mail: cancelledMail(site, to, openUntil) });
  }
  let queued = 0;
  for (const notice of notices) {
    const sent = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimNotice(trx, { subscription_id: sub.id, kind: notice.kind, occasion: notice.occasion }, now)))
        return false;
      await deps.mail.enqueue(notice.mail, trx, now);
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) deps.mail.kick();
  return queued;
}
