const IST_OFFSET_MS = 330 * 60_000;

/**
 * A tax period `YYYY-MM` as the instants that bound it: from midnight of its first day in India
 * (UTC+05:30, no daylight saving) to midnight of the next month's first day, as ISO strings that
 * compare as text the way `issued_at` is stored.
 */
export function indiaMonthBounds(month: string): { from: string; to: string } {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, monthIndex - 1, 1) - IST_OFFSET_MS;
  const end = Date.UTC(year, monthIndex, 1) - IST_OFFSET_MS;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** The India month of a moment, `YYYY-MM`. */
export function indiaMonth(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}
