/**
 * Cart totals in integer paise, with the one rounding rule the cart page and the server share:
 * discount = Math.round(subtotal * percent / 100), kept within 0..subtotal; total = subtotal - discount.
 */

export interface TotalsLine {
  pricePaise: number;
  /** A course is bought once, so 1 unless a caller says otherwise. */
  quantity?: number;
}

export interface Totals {
  subtotal: number;
  discount: number;
  total: number;
}

/** Above this, `subtotal * 100` would leave the range where every integer is exact. */
export const MAX_SUBTOTAL_PAISE = Math.floor(Number.MAX_SAFE_INTEGER / 100);

function isPositiveWhole(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** The spec counts only entries whose price and quantity are positive; anything else adds nothing. */
export function subtotalOf(lines: readonly TotalsLine[]): number {
  let subtotal = 0;
  for (const line of lines) {
    const quantity = line.quantity ?? 1;
    if (!isPositiveWhole(line.pricePaise) || !isPositiveWhole(quantity)) continue;
    subtotal += line.pricePaise * quantity;
    if (subtotal > MAX_SUBTOTAL_PAISE) throw new RangeError('the cart total is too large to price');
  }
  return subtotal;
}

/** An invalid or negative percentage gives no discount; more than 100 percent gives the whole subtotal. */
export function discountFor(subtotal: number, percent: number | null | undefined): number {
  if (!Number.isSafeInteger(subtotal) || subtotal <= 0) return 0;
  if (subtotal > MAX_SUBTOTAL_PAISE) throw new RangeError('the cart total is too large to price');
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return 0;
  // A negative percentage rounds to a negative share, which the lower bound of 0 turns into no discount.
  const clamped = Math.min(percent, 100);
  return Math.min(subtotal, Math.max(0, Math.round((subtotal * clamped) / 100)));
}

export function computeTotals(lines: readonly TotalsLine[], percent: number | null | undefined): Totals {
  const subtotal = subtotalOf(lines);
  const discount = discountFor(subtotal, percent);
  return { subtotal, discount, total: subtotal - discount };
}
