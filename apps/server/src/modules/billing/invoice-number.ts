/**
 * Invoice numbers: `{prefix}/{financial year}/{six digits}`, at most 16 characters of letters, digits,
 * `-` and `/` (CGST Rule 46(b)). The financial year is `financialYear` (`@shop/shared`, India time):
 * an order paid at 18:30 UTC on 31 March belongs to the next year.
 */
export function formatDocumentNumber(prefix: string, year: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error(`bad document sequence ${sequence}`);
  const number = `${prefix}/${year}/${String(sequence).padStart(6, '0')}`;
  if (number.length > 16 || !/^[A-Za-z0-9/-]+$/.test(number))
    throw new Error(`document number ${number} breaks Rule 46 (16 characters of letters, digits, - and /)`);
  return number;
}
