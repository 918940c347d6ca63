import { formatPaise, messages, type Totals } from '@shop/shared';
import type { AppliedCoupon } from './applied-coupon';

export function CartTotals({
  totals,
  coupon,
  onProceed,
}: {
  totals: Totals;
  coupon: AppliedCoupon | null;
  onProceed: () => void;
}) {
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
          <dt>Total</dt>
          <dd data-total="total">{formatPaise(totals.total)}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-block" onClick={onProceed}>
        {messages.cartProceedToCheckout}
      </button>
    </section>
  );
}
