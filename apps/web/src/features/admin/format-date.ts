import { INDIA_TIME_ZONE } from '@shop/shared';

/** Dates as the shop owner reads them: India time, day month year. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-IN', {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00+05:30`).toLocaleDateString('en-IN', {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'short',
  });
}
