/**
 * India time, the shop's one clock for people: UTC+05:30 all year (India keeps no daylight saving), so
 * a fixed offset is exact. Server documents (invoice dates, tax periods, CSV columns), the playback
 * watermark and the web's dates all come from here. Live sessions later store UTC and show this.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
const INDIA_OFFSET_MS = 330 * 60_000;

function inIndia(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString();
}

/** An instant as ISO 8601 in India time with its offset, to the second: `2026-12-01T09:15:00+05:30`. */
export function indiaIso(at: Date): string {
  return `${inIndia(at).slice(0, 19)}+05:30`;
}

/** The day of the week in India, 0 (Sunday) to 6 (Saturday). */
export function indiaWeekday(at: Date): number {
  return new Date(at.getTime() + INDIA_OFFSET_MS).getUTCDay();
}

/** The calendar date in India, `YYYY-MM-DD`. */
export function indiaDate(at: Date): string {
  return inIndia(at).slice(0, 10);
}

/** The India month of a moment, `YYYY-MM`. */
export function indiaMonth(at: Date): string {
  return inIndia(at).slice(0, 7);
}

/**
 * An instant as the console's CSV files write it, in India time: `2025-01-31 17:30:00`, which
 * spreadsheets read as a date and time (the column header says IST). Null for no or a bad instant.
 */
export function indiaDateTime(iso: string | null): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return inIndia(new Date(ms)).slice(0, 19).replace('T', ' ');
}

/**
 * A month `YYYY-MM` as the instants that bound it: from midnight of its first day in India to midnight
 * of the next month's first day, as ISO strings that compare as text the way instants are stored.
 */
export function indiaMonthBounds(month: string): { from: string; to: string } {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, monthIndex - 1, 1) - INDIA_OFFSET_MS;
  const end = Date.UTC(year, monthIndex, 1) - INDIA_OFFSET_MS;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** The financial year of a moment, as `26-27` for April 2026 to March 2027 (India time). */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  const two = (year: number) => String(year % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An instant's India date written out, `5 January 2027` (a locked lesson's opening, issue 35). */
export function indiaLongDate(at: Date): string {
  const [year, month, day] = indiaDate(at).split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
