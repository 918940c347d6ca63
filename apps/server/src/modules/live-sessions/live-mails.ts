import { LIVE_SESSIONS_PAGE } from '@shop/shared';
import { escapeHtml } from '../../html.js';
import type { MailMessage } from '../../mail/mailer.js';

export interface LiveMailSite {
  publicUrl: string;
  siteName: string;
}

export type LiveNoticeKind = 'reminder_24h' | 'reminder_1h' | 'moved' | 'cancelled';

/** "Monday 12 January 2026, 7:00 pm IST": a start as a learner in India reads it. */
export function indiaWhen(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()} IST`;
}

/**
 * A mail about a live session: the reminder 24 hours or 1 hour before, or the notice that it moved or
 * was cancelled. It links to the shop's live-sessions page, where the join button is, never to the
 * meeting itself (security.md: the link never goes into e-mails).
 */
export function liveSessionMail(
  site: LiveMailSite,
  to: { email: string; name: string },
  session: { title: string; startsAt: Date; partOf: string },
  kind: LiveNoticeKind,
): MailMessage {
  const when = indiaWhen(session.startsAt);
  const page = `${site.publicUrl}${LIVE_SESSIONS_PAGE}`;
  const part = session.partOf ? ` (${session.partOf})` : '';
  const texts: Record<LiveNoticeKind, { subject: string; lines: string[] }> = {
    reminder_24h: {
      subject: `Tomorrow: ${session.title}, live at ${site.siteName}`,
      lines: [
        `A reminder: the live session "${session.title}"${part} starts ${when}.`,
        'Join from this page; the button opens 15 minutes before the start:',
        page,
      ],
    },
    reminder_1h: {
      subject: `In an hour: ${session.title}, live at ${site.siteName}`,
      lines: [
        `The live session "${session.title}"${part} starts ${when}.`,
        'Join from this page; the button opens 15 minutes before the start:',
        page,
      ],
    },
    moved: {
      subject: `New time: ${session.title}, live at ${site.siteName}`,
      lines: [
        `The live session "${session.title}"${part} has moved. It now starts ${when}.`,
        'Your calendar entry can be downloaded again from this page:',
        page,
      ],
    },
    cancelled: {
      subject: `Cancelled: ${session.title}, live at ${site.siteName}`,
      lines: [
        `The live session "${session.title}"${part} that was to start ${when} is cancelled.`,
        'Your other sessions are on this page:',
        page,
      ],
    },
  };
  const { subject, lines } = texts[kind];
  const all = [`Hello ${to.name},`, ...lines];
  const html = all
    .map((line) =>
      /^https?:\/\/\S+$/.test(line)
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('');
  return { to: to.email, subject, text: all.join('\n\n'), html };
}
