/**
 * `31/01/2025`, as en-GB writes a day, in the reader's time zone. By hand, because an Intl formatter
 * costs a budget phone ~50 ms to build on the course page.
 */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
