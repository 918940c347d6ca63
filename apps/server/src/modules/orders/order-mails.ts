import { formatPaise } from '@shop/shared';
import { escapeHtml } from '../../html.js';
import type { MailMessage } from '../../mail/mailer.js';

/** What an order's mails need to know about the shop. */
export interface MailSite {
  publicUrl: string;
  siteName: string;
}

/** The buyer's confirmation of a paid order: its lines, totals, a link to the courses and the invoice's number. */
export function confirmationMail(
  ctx: MailSite,
  order: {
    id: string;
    subtotal_paise: number;
    discount_paise: number;
    total_paise: number;
    lines: { title: string; unit_price_paise: number }[];
  },
  email: string,
  name: string,
  invoiceNumber: string | null,
): MailMessage {
  const link = `${ctx.publicUrl}/enrolled-courses`;
  const orders = `${ctx.publicUrl}/orders`;
  const lines = order.lines.map((line) => `- ${line.title}: ${formatPaise(line.unit_price_paise)}`);
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for your order ${order.id} at ${ctx.siteName}.`,
    '',
    ...lines,
    `Subtotal: ${formatPaise(order.subtotal_paise)}`,
    `Discount: ${formatPaise(order.discount_paise)}`,
    `Total paid: ${formatPaise(order.total_paise)}`,
    '',
    `Your courses are ready: ${link}`,
    ...(invoiceNumber ? ['', `Your tax invoice ${invoiceNumber} is under My Orders: ${orders}`] : []),
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p><p>Thank you for your order <strong>${order.id}</strong> at ${escapeHtml(ctx.siteName)}.</p><ul>${order.lines
    .map((line) => `<li>${escapeHtml(line.title)}: ${formatPaise(line.unit_price_paise)}</li>`)
    .join(
      '',
    )}</ul><p>Subtotal: ${formatPaise(order.subtotal_paise)}<br>Discount: ${formatPaise(order.discount_paise)}<br><strong>Total paid: ${formatPaise(order.total_paise)}</strong></p><p><a href="${link}">Open your courses</a></p>${invoiceNumber ? `<p>Your tax invoice ${invoiceNumber} is under <a href="${orders}">My Orders</a>.</p>` : ''}`;
  return {
    to: email,
    subject: `Your ${ctx.siteName} order ${order.id}`,
    text,
    html,
    // A reference only: the mail pass renders the PDF when it sends, never this transaction (decision 0018).
    ...(invoiceNumber ? { attachments: [{ orderId: order.id, kind: 'invoice' as const, number: invoiceNumber }] } : {}),
  };
}

/** The buyer's notice of a full refund, with the credit note's number and, for an automatic refund, why. */
export function refundMail(
  ctx: MailSite,
  orderId: string,
  amountPaise: number,
  email: string,
  name: string,
  reason: string | undefined,
  creditNote: string | null,
): MailMessage {
  const orders = `${ctx.publicUrl}/orders`;
  const access =
    reason ?? 'Access that came with this order has ended, except for any course another order of yours still covers.';
  const text = [
    `Hello ${name},`,
    '',
    `We have refunded ${formatPaise(amountPaise)} for your order ${orderId} at ${ctx.siteName}.`,
    access,
    '',
    'The money goes back to the account or card you paid with; banks usually take 5 to 7 working days to show it.',
    `Your courses: ${ctx.publicUrl}/enrolled-courses`,
    ...(creditNote ? ['', `Your credit note ${creditNote} is under My Orders: ${orders}`] : []),
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p><p>We have refunded <strong>${formatPaise(amountPaise)}</strong> for your order <strong>${orderId}</strong> at ${escapeHtml(ctx.siteName)}.</p><p>${escapeHtml(access)}</p><p>The money goes back to the account or card you paid with; banks usually take 5 to 7 working days to show it.</p><p><a href="${ctx.publicUrl}/enrolled-courses">Your courses</a></p>${creditNote ? `<p>Your credit note ${creditNote} is under <a href="${orders}">My Orders</a>.</p>` : ''}`;
  return {
    to: email,
    subject: `Your ${ctx.siteName} order ${orderId} has been refunded`,
    text,
    html,
    ...(creditNote ? { attachments: [{ orderId, kind: 'credit_note' as const, number: creditNote }] } : {}),
  };
}
