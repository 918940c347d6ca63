import { formatPaise, indiaDate, subscriptionChargeDocumentPath } from '@shop/shared';
import { escapeHtml } from '../../html.js';
import type { ChargeInvoiceRef, MailMessage } from '../../mail/mailer.js';

/** What a member's mails need to know about the shop. */
export interface MemberMailSite {
  publicUrl: string;
  siteName: string;
}

/** Who the mail is to and what they subscribed to. */
export interface MemberMailTo {
  email: string;
  name: string;
  plan: string;
  subscriptionId: string;
  /** N for a course bought in N instalments (named so in the texts), absent for a membership. */
  instalments?: number;
}

/** "membership" or "instalment plan", and the learner's one named with it. */
const kindOf = (to: MemberMailTo) => (to.instalments ? 'instalment plan' : 'membership');
const named = (to: MemberMailTo) => `${to.plan} ${kindOf(to)}`;

/** Plain paragraphs as text and as HTML (each escaped; a URL alone on its line becomes a link). */
function mail(to: MemberMailTo, subject: string, paragraphs: string[]): MailMessage {
  const lines = [`Hello ${to.name},`, ...paragraphs];
  const html = lines
    .map((line) =>
      /^https?:\/\/\S+$/.test(line)
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('');
  return { to: to.email, subject, text: lines.join('\n\n'), html };
}

const memberships = (site: MemberMailSite) => `${site.publicUrl}/my-memberships`;
const dateOf = (iso: string | null) => (iso ? indiaDate(new Date(iso)) : null);

export function welcomeMail(site: MemberMailSite, to: MemberMailTo, next: { amountPaise: number; at: string | null }) {
  const nextCharge = dateOf(next.at);
  return mail(to, `Welcome to ${to.plan} at ${site.siteName}`, [
    `Your ${named(to)} has started. Its courses are open to you now:`,
    `${site.publicUrl}/enrolled-courses`,
    nextCharge
      ? `The membership renews by itself: ${formatPaise(next.amountPaise)} will be charged on ${nextCharge}, and each period after, until you cancel. We will remind you 3 days before each charge.`
      : `The membership renews by itself at ${formatPaise(next.amountPaise)} each period until you cancel.`,
    'You can cancel at any time under My Memberships; the courses then stay open until the end of the period you paid for:',
    memberships(site),
  ]);
}

export function receiptMail(
  site: MemberMailSite,
  to: MemberMailTo,
  charge: { paymentId: string; amountPaise: number; paidAt: string; invoiceNumber: string; number: number },
) {
  const invoice = `${site.publicUrl}${subscriptionChargeDocumentPath(to.subscriptionId, charge.paymentId, 'invoice')}`;
  const message = mail(to, `Your ${site.siteName} payment for ${to.plan}: invoice ${charge.invoiceNumber}`, [
    `We received ${formatPaise(charge.amountPaise)} for ${to.instalments ? `payment ${charge.number} of ${to.instalments} of ` : ''}your ${named(to)} on ${dateOf(charge.paidAt)} (payment ${charge.paymentId}).`,
    `Your tax invoice ${charge.invoiceNumber} is attached, and you can open it here after signing in:`,
    invoice,
    'All your payments and invoices are under My Memberships:',
    memberships(site),
  ]);
  // A reference only: the mail pass renders the PDF when it sends, as for an order's invoice (decision 0018).
  const attached: ChargeInvoiceRef = {
    kind: 'charge_invoice',
    paymentId: charge.paymentId,
    number: charge.invoiceNumber,
  };
  return { ...message, attachments: [attached] };
}

export function chargeFailedMail(site: MemberMailSite, to: MemberMailTo, amountPaise: number) {
  return mail(to, `Your ${site.siteName} payment for ${to.plan} did not go through`, [
    `We could not take ${formatPaise(amountPaise)} for your ${named(to)}. The payment will be tried again over the next days, and your courses stay open meanwhile.`,
    'If the card or account has changed, expired or has no funds, you can change the payment method under My Memberships:',
    memberships(site),
    'If every attempt fails, it is put on hold and its courses close until it is paid.',
  ]);
}

export function haltedMail(site: MemberMailSite, to: MemberMailTo, amountPaise: number) {
  return mail(to, `Your ${site.siteName} ${kindOf(to)} ${to.plan} is on hold`, [
    `After several attempts we could not take ${formatPaise(amountPaise)} for your ${named(to)}, so it is on hold and its courses are closed. Nothing more will be charged while it is on hold.`,
    'To continue, change the payment method under My Memberships:',
    memberships(site),
  ]);
}

export function cancelledMail(site: MemberMailSite, to: MemberMailTo, openUntil: string | null) {
  const until = dateOf(openUntil);
  return mail(to, `Your ${site.siteName} ${kindOf(to)} ${to.plan} has ended`, [
    `Your ${named(to)} is cancelled and nothing more will be charged.`,
    until
      ? `Its courses stay open until ${until}, the end of the period you paid for.`
      : 'Its courses are now closed. Courses you bought yourself stay yours.',
    ...(to.instalments ? [] : [`You are welcome to subscribe again at any time: ${site.publicUrl}/memberships`]),
  ]);
}

/** What a reminder is about: a membership's renewal, a trial's first charge, or one payment of N instalments. */
export type ReminderOccasion = 'renewal' | 'trial_end' | { instalment: number; of: number };

export function renewalReminderMail(
  site: MemberMailSite,
  to: MemberMailTo,
  charge: { amountPaise: number; at: string; occasion?: ReminderOccasion },
) {
  const date = dateOf(charge.at);
  const amount = formatPaise(charge.amountPaise);
  const occasion = charge.occasion ?? 'renewal';
  if (typeof occasion === 'object')
    return mail(
      to,
      `Your ${site.siteName} payment ${occasion.instalment} of ${occasion.of} for ${to.plan} is on ${date}`,
      [
        `Payment ${occasion.instalment} of ${occasion.of} for ${to.plan}, ${amount}, will be charged on ${date} to the payment method you set up.`,
        `The course becomes yours for good once all ${occasion.of} payments are in. Your payments and their invoices are under My Memberships:`,
        memberships(site),
      ],
    );
  if (occasion === 'trial_end')
    return mail(to, `Your ${site.siteName} free trial of ${to.plan} ends on ${date}`, [
      `Your free trial of ${to.plan} ends on ${date}. The membership then starts by itself: ${amount} will be charged on that day to the payment method you set up, and again each period until you cancel.`,
      'If you do not want to continue, cancel before then under My Memberships; nothing will be charged:',
      memberships(site),
    ]);
  return mail(to, `Your ${site.siteName} ${kindOf(to)} ${to.plan} renews on ${date}`, [
    `Your ${named(to)} renews by itself on ${date}: ${amount} will be charged to the payment method you set up.`,
    'Nothing is needed to continue. If you do not want to continue, cancel before then under My Memberships; the courses stay open until the end of the period you paid for, and nothing more is charged:',
    memberships(site),
  ]);
}

/** The learner (or the shop) cancelled at the end of the paid period: what happens now, and that nothing more is charged. */
export function cancelScheduledMail(site: MemberMailSite, to: MemberMailTo, openUntil: string | null) {
  const until = dateOf(openUntil);
  return mail(
    to,
    until
      ? `Your ${site.siteName} ${kindOf(to)} ${to.plan} ends on ${until}`
      : `Your ${site.siteName} ${kindOf(to)} ${to.plan} ends at the end of this period`,
    [
      `Your ${named(to)} is cancelled at the end of the period you paid for: nothing more will be charged.`,
      until
        ? `Its courses stay open until ${until}; it ends then.`
        : 'Its courses stay open until the end of the current period; it ends then.',
      'If you change your mind before then, you can resume it under My Memberships:',
      memberships(site),
    ],
  );
}
