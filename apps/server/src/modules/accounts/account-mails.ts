import { escapeHtml } from '../../html.js';
import type { MailMessage } from '../../mail/mailer.js';

interface MailParts {
  siteName: string;
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the link. */
  lead: string[];
  link: { url: string; label: string };
  /** Paragraphs after the link. */
  after: string[];
}

/** Plain text that reads well on its own (the link on a line of its own), and simple HTML with the site name. */
function composeMail(parts: MailParts): MailMessage {
  const text = [parts.greeting, '', ...parts.lead, '', parts.link.url, '', ...parts.after, '', `— ${parts.siteName}`]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">',
    `<h1 style="font-size:20px;color:#0b1f3a">${escapeHtml(parts.siteName)}</h1>`,
    paragraph(parts.greeting),
    ...parts.lead.map(paragraph),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(parts.link.url)}" style="display:inline-block;padding:10px 20px;background:#15803d;color:#fff;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(parts.link.label)}</a></p>`,
    paragraph(`Or copy this address into your browser: ${parts.link.url}`),
    ...parts.after.map(paragraph),
    '</body></html>',
  ].join('\n');
  return { to: parts.to, subject: parts.subject, text, html };
}

export interface MailContext {
  siteName: string;
  publicUrl: string;
}

export function composeVerificationMail(site: MailContext, to: string, username: string, token: string): MailMessage {
  return composeMail({
    siteName: site.siteName,
    to,
    subject: `Verify your email for ${site.siteName}`,
    greeting: `Hello ${username},`,
    lead: [`Welcome to ${site.siteName}. Open this link within 24 hours to verify your email address and sign in:`],
    link: { url: `${site.publicUrl}/verify-email/${token}`, label: 'Verify my email' },
    after: ['The link works once. If you did not create an account, you can ignore this email.'],
  });
}

export function composeSignInLinkMail(site: MailContext, to: string, username: string, token: string): MailMessage {
  return composeMail({
    siteName: site.siteName,
    to,
    subject: `Your sign-in link for ${site.siteName}`,
    greeting: `Hello ${username},`,
    lead: ['Open this link within 15 minutes to sign in:'],
    link: { url: `${site.publicUrl}/verify-email/${token}`, label: 'Sign in' },
    after: [
      'The link works once. If you did not ask for it, you can ignore this email; nobody can sign in without it.',
    ],
  });
}

/** Sent instead of a sign-in link when no account uses the address (decision 0005). */
export function composeNoAccountMail(site: MailContext, to: string): MailMessage {
  return composeMail({
    siteName: site.siteName,
    to,
    subject: `Sign in to ${site.siteName}`,
    greeting: 'Hello,',
    lead: [
      `Someone asked for a sign-in link for this address, but no ${site.siteName} account uses it.`,
      'If it was you, perhaps you signed up with another address. Or create an account here:',
    ],
    link: { url: `${site.publicUrl}/registration`, label: 'Create an account' },
    after: ['If it was not you, you can ignore this email.'],
  });
}

/** Sent when someone signs up with an address that already has an account (the answer on screen is the same). */
export function composeAlreadyRegisteredMail(site: MailContext, to: string, username: string): MailMessage {
  return composeMail({
    siteName: site.siteName,
    to,
    subject: `You already have a ${site.siteName} account`,
    greeting: `Hello ${username},`,
    lead: [
      'Someone tried to create a new account with this email address, which already has one.',
      'If it was you, sign in instead; the login page can also email you a sign-in link ("Email Signin"):',
    ],
    link: { url: `${site.publicUrl}/login`, label: 'Sign in' },
    after: ['If it was not you, you can ignore this email; your account has not changed.'],
  });
}

export function composePasswordResetMail(site: MailContext, to: string, username: string, token: string): MailMessage {
  return composeMail({
    siteName: site.siteName,
    to,
    subject: `Choose a new password for ${site.siteName}`,
    greeting: `Hello ${username},`,
    lead: [
      'Someone asked to reset the password of your account. Open this link within 30 minutes to choose a new one:',
    ],
    link: { url: `${site.publicUrl}/reset-password/${token}`, label: 'Choose a new password' },
    after: [
      'The link works once. Choosing a new password signs you out on every other device.',
      'If you did not ask for it, you can ignore this email; your password has not changed.',
    ],
  });
}

export function composeDeleteAccountMail(site: MailContext, to: string, username: string, token: string): MailMessage {
  return composeMail({
    siteName: site.siteName,
    to,
    subject: `Confirm the deletion of your ${site.siteName} account`,
    greeting: `Hello ${username},`,
    lead: [
      'You asked to delete your account. Open this link within 30 minutes and confirm there; nothing is deleted until you do:',
    ],
    link: { url: `${site.publicUrl}/delete-account/${token}`, label: 'Confirm the deletion' },
    after: ['If you did not ask for it, you can ignore this email; your account stays as it is.'],
  });
}
