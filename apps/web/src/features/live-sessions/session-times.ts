import { INDIA_TIME_ZONE } from '@shop/shared';

const MINUTE = 60_000;

/** The viewer's own time zone, as the browser reports it (India's when it cannot say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || INDIA_TIME_ZONE;
}

/** One instant's parts in a zone, read by name so the text does not depend on the browser's ICU version. */
function partsIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-IN', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`,
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`,
    zone: part('timeZoneName'),
  };
}

/**
 * A session's start and end as a reader in `timeZone` says them: `Tue, 1 Dec 2026, 9:15 am – 10:15 am IST`
 * (the end's day repeated only when it falls on another day). India's zone is named IST.
 */
export function sessionTimes(startsAt: string, endsAt: string, timeZone: string): string {
  const start = partsIn(new Date(startsAt), timeZone);
  const end = partsIn(new Date(endsAt), timeZone);
  const zone = timeZone === INDIA_TIME_ZONE ? 'IST' : end.zone || timeZone;
  const endText = end.day === start.day ? end.time : `${end.day}, ${end.time}`;
  return `${start.day}, ${start.time} – ${endText} ${zone}`;
}

/** The time left until `at`, as people say it: `2 h 5 min`, `3 d 4 h`, `1 min` (whole minutes, rounded up). */
export function timeLeft(at: string, now: number): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(at) - now) / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** An instant as Google Calendar's template link writes it: `20261201T034500Z` (UTC). */
const googleInstant = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/**
 * The "Add to Google Calendar" link: the title, start and end, and a description naming the shop's page
 * of live sessions, where the learner joins. Never the meeting's address: that comes only from the join call.
 */
export function googleCalendarLink(
  session: { title: string; description: string; audienceTitle: string; startsAt: string; endsAt: string },
  pageUrl: string,
): string {
  const details = [session.description, `Part of: ${session.audienceTitle}`, `Join from ${pageUrl}`]
    .filter(Boolean)
    .join('\n\n');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: session.title,
    dates: `${googleInstant(session.startsAt)}/${googleInstant(session.endsAt)}`,
    details,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
