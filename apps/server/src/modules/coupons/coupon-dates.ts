/** The shop runs on India time (UTC+05:30 all year, no daylight saving). */
const INDIA_OFFSET = '+05:30';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of a calendar day in India, as ISO UTC: a coupon starting that day is usable from here. */
export function startOfIndianDay(date: string): string {
  return new Date(`${date}T00:00:00.000${INDIA_OFFSET}`).toISOString();
}

/** The first instant after a calendar day in India: a coupon expiring that day is usable until just before it. */
export function endOfIndianDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000${INDIA_OFFSET}`) + DAY_MS).toISOString();
}
