/** Money is an integer number of paise everywhere; rupees appear only at the edges. */

const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('amount must be a finite number');
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

const inrFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₹4,999.00`: rupee sign, Indian digit grouping, always two decimals. */
export function formatPaise(paise: number): string {
  return `₹${inrFormat.format(paise / PAISE_PER_RUPEE)}`;
}

export function formatRupees(rupees: number): string {
  return formatPaise(rupeesToPaise(rupees));
}
