// The GST arithmetic lives in @shop/shared (checkout-tax.ts) so the checkout page computes the same total.
export {
  shareDiscount,
  type TaxLine,
  type TaxMode,
  type TaxTotals,
  taxLines,
  taxMode,
  taxTotals,
} from '@shop/shared';
