/** Money is an integer number of paise everywhere; rupees appear only at the edges. */

const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('amount must be a finite number');
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/*
 * Indian digit grouping by hand: building an Intl.NumberFormat for en-IN loads ICU locale data, about
 * 50 ms of a phone's main thread (200 ms at Lighthouse's 4x slowdown), on every page that shows a price.
 * Whole numbers of paise (every amount the shop has) take the quick path; anything else still goes through Intl,
 * and a property test holds both paths to the same output.
 */
let inrFormat: Intl.NumberFormat | undefined;

/** `1234567` -> `12,34,567`: the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** A whole number with Indian grouping, as `toLocaleString('en-IN')` writes it: `1,23,456`. */
export function formatIndianNumber(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-IN');
  return `${value < 0 ? '-' : ''}${groupIndian(String(Math.abs(value)))}`;
}

/** `₹4,999.00`: rupee sign, Indian digit grouping, always two decimals. */
export function formatPaise(paise: number): string {
  // Up to 15 digits `paise / 100` is exact in decimal, so Intl would print the same digits.
  if (Number.isInteger(paise) && Math.abs(paise) < 1e15 && !Object.is(paise, -0)) {
    const abs = Math.abs(paise);
    const fraction = String(abs % PAISE_PER_RUPEE).padStart(2, '0');
    return `₹${paise < 0 ? '-' : ''}${groupIndian(String(Math.floor(abs / PAISE_PER_RUPEE)))}.${fraction}`;
  }
  inrFormat ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `₹${inrFormat.format(paise / PAISE_PER_RUPEE)}`;
}

export function formatRupees(rupees: number): string {
  return formatPaise(rupeesToPaise(rupees));
}
