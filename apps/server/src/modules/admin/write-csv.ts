/**
 * RFC 4180 CSV. A cell starting with = + - @ gets a leading apostrophe so a spreadsheet shows it as
 * text instead of running it as a formula (a customer chooses their own name and e-mail).
 */
export function writeCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/**
 * An instant as the console shows it, in India time (IST, UTC+05:30, no daylight saving), written
 * `2025-01-31 17:30:00` so that spreadsheets read it as a date and time. The column header says IST.
 */
export function indiaDateTime(iso: string | null): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + INDIA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
