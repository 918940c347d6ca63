/** A money cell: paise written as rupees with two decimals, a minus sign kept (it is a number, not a formula). */
export interface Money {
  paise: number;
}
export type Gstr1Cell = string | number | Money;

export const money = (paise: number): Money => ({ paise });

function text(cell: Gstr1Cell): string {
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return (cell.paise / 100).toFixed(2);
  // As in the console's other CSVs (csv.ts): buyers choose their own names, so a text cell
  // that a spreadsheet would run as a formula is shown as text.
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180 CSV of a GSTR-1 table: the header row as the GST offline tool names its columns, then the rows. */
export function writeGstr1Csv(header: readonly string[], rows: readonly Gstr1Cell[][]): string {
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${[header.map(quote), ...rows.map((row) => row.map((cell) => quote(text(cell))))].map((row) => row.join(',')).join('\r\n')}\r\n`;
}
