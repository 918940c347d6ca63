import { billingPaths, type CheckoutTaxBasis, formatPaise, messages, type Totals } from '@shop/shared';
import { api } from '../../lib/api';
import type { AppliedCoupon } from './applied-coupon';

const checkoutTaxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public part of the shop's tax settings: whether GST is added on top, at what rate, from which state. */
    getCheckoutTax: build.query<CheckoutTaxBasis, void>({
      query: () => billingPaths.checkoutTax,
      transformResponse: (response: { tax: CheckoutTaxBasis }) => response.tax,
      // The operator may change it: each page that shows a total asks afresh.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCheckoutTaxQuery } = checkoutTaxApi;
export const getCheckoutTax = checkoutTaxApi.endpoints.getCheckoutTax;

export function CartTotals({
  totals,
  coupon,
  onProceed,
}: {
  totals: Totals;
  coupon: AppliedCoupon | null;
  onProceed: () => void;
}) {
  const { data: tax } = useGetCheckoutTaxQuery();
  const exclusive = tax?.pricesInclusive === false && tax.registered;
  return (
    <section className="cart-totals" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title">Cart totals</h2>
      <dl aria-live="polite">
        <div>
          <dt>Subtotal</dt>
          <dd data-total="subtotal">{formatPaise(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>
            Discount
            {coupon && (
              <span className="cart-coupon-note">
                {coupon.code}, {coupon.percent}% off
              </span>
            )}
          </dt>
          <dd data-total="discount">{formatPaise(totals.discount)}</dd>
        </div>
        <div className="cart-total-row">
          <dt>{exclusive ? 'Total before GST' : 'Total'}</dt>
          <dd data-total="total">{formatPaise(totals.total)}</dd>
        </div>
      </dl>
      {exclusive && <p className="cart-coupon-note">{messages.pricesExcludeGst}</p>}
      <button type="button" className="btn btn-block" onClick={onProceed}>
        {messages.cartProceedToCheckout}
      </button>
    </section>
  );
}
