/**
 * Invoice numbers: `{prefix}/{financial year}/{six digits}`, at most 16 characters of letters, digits,
 * `-` and `/` (CGST Rule 46(b)). The financial year runs April to March in India time (UTC+05:30, no
 * daylight saving), so an order paid at 18:30 UTC on 31 March belongs to the next year.
 */
const IST_OFFSET_MS = 330 * 60_000;

/** The financial year of a moment, as `26-27` for April 2026 to March 2027. */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  const two = (year: number) => String(year % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** The calendar date in India, `YYYY-MM-DD`: the date printed on the document. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export function formatDocumentNumber(prefix: string, year: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error(`bad document sequence ${sequence}`);
  const number = `${prefix}/${year}/${String(sequence).padStart(6, '0')}`;
  if (number.length > 16 || !/^[A-Za-z0-9/-]+$/.test(number))
    throw new Error(`document number ${number} breaks Rule 46 (16 characters of letters, digits, - and /)`);
  return number;
}
