import { escapeHtml } from '../../html.js';
import type { MailMessage } from '../../mail/mailer.js';

export interface NewsletterSite {
  siteName: string;
  publicUrl: string;
}

/** The double opt-in mail: nothing is sent to the address again unless its owner clicks through. */
export function composeConfirmationMail(site: NewsletterSite, to: string, token: string): MailMessage {
  const url = `${site.publicUrl}/newsletter/confirm/${token}`;
  const lines = [
    'Hello,',
    '',
    `Someone (we hope you) asked to receive the ${site.siteName} newsletter at this address. Open this link within 24 hours and confirm there to start receiving it:`,
    '',
    url,
    '',
    'If it was not you, ignore this email: you will not be subscribed and will hear nothing more from us.',
    '',
    `— ${site.siteName}`,
  ];
  return {
    to,
    subject: `Confirm your ${site.siteName} newsletter subscription`,
    text: lines.join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif">${lines
      .filter(Boolean)
      .map((line) =>
        line === url
          ? `<p><a href="${escapeHtml(url)}">Confirm my subscription</a></p><p>${escapeHtml(url)}</p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('')}</body></html>`,
  };
}

/**
 * A marketing mail. Every one is made here, so every one carries the one-click unsubscribe of RFC 8058
 * (a POST to the List-Unsubscribe URL, which needs no sign-in) and a visible link to the same effect.
 */
export function composeNewsletterMail(
  site: NewsletterSite,
  subscriber: { email: string; unsubscribeToken: string },
  subject: string,
  body: string,
): MailMessage {
  const oneClick = `${site.publicUrl}/api/newsletter/unsubscribe?token=${subscriber.unsubscribeToken}`;
  const page = `${site.publicUrl}/newsletter/unsubscribe/${subscriber.unsubscribeToken}`;
  const footer = `You receive this because you subscribed to the ${site.siteName} newsletter. Unsubscribe: ${page}`;
  return {
    to: subscriber.email,
    subject,
    text: `${body}\n\n--\n${footer}`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif">${body
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('')}<hr><p style="font-size:12px">You receive this because you subscribed to the ${escapeHtml(
      site.siteName,
    )} newsletter. <a href="${escapeHtml(page)}">Unsubscribe</a></p></body></html>`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
