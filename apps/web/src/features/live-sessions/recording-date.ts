import { INDIA_TIME_ZONE } from '@shop/shared';

/** When a recorded session took place, in India time: `12 Jan 2026, 7:00 pm IST`. */
export function recordingDate(iso: string): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(iso));
  return `${text} IST`;
}
