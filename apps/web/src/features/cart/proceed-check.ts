import { messages, type Totals } from '@shop/shared';

/**
 * The spec's two checks before handing the cart to checkout: the alert text to show, or null when
 * the cart may proceed.
 */
export function checkProceed(entries: readonly unknown[] | null | undefined, totals: Partial<Totals>): string | null {
  if (!entries || entries.length === 0) return messages.cartEmptyAtCheckout;
  const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
  if (!isAmount(totals.discount) || !isAmount(totals.total)) return messages.cartBadTotals;
  return null;
}
