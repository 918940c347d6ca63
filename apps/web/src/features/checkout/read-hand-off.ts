import type { CheckoutHandOff } from '@shop/shared';

/**
 * The coupon the cart page handed over in navigation state (which survives a reload of the tab).
 * Anything malformed counts as no coupon: amounts are never taken from here, only the code.
 */
export function couponCodeFromHandOff(state: unknown): string | null {
  const code = (state as Partial<CheckoutHandOff> | null | undefined)?.couponCode;
  return typeof code === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(code) ? code : null;
}
