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
