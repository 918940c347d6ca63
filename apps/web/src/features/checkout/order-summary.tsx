import { type CartCourse, formatPaise, messages, rupeesToPaise, type Totals } from '@shop/shared';
import { Link } from 'wouter';
import type { AppliedCoupon } from '../cart/applied-coupon';
import type { CheckoutPhase } from './use-place-order';

interface OrderSummaryProps {
  courses: CartCourse[];
  totals: Totals;
  coupon: AppliedCoupon | null;
  couponDropped: boolean;
  phase: CheckoutPhase;
}

/** 'YOUR ORDER': each course with its amount, the discount and the total, the privacy note and Place order. */
export function OrderSummary({ courses, totals, coupon, couponDropped, phase }: OrderSummaryProps) {
  const busy = phase !== 'idle';
  return (
    <section className="checkout-order" aria-labelledby="your-order-title">
      <h2 id="your-order-title">{messages.yourOrder}</h2>
      <table className="checkout-lines">
        <thead>
          <tr>
            <th scope="col">Course</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {courses.map((course) => (
            <tr key={course._id}>
              <td>{course.title}</td>
              <td>{formatPaise(rupeesToPaise(course.price))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              Discount
              {coupon && (
                <span className="checkout-coupon-note">
                  {coupon.code}, {coupon.percent}% off
                </span>
              )}
            </th>
            <td data-total="discount">{formatPaise(totals.discount)}</td>
          </tr>
          <tr className="checkout-total-row">
            <th scope="row">Total</th>
            <td data-total="total">{formatPaise(totals.total)}</td>
          </tr>
        </tfoot>
      </table>
      {couponDropped && (
        <p className="checkout-warning" role="status">
          {messages.couponDropped} <Link to="/cart">Back to cart</Link>
        </p>
      )}
      <p className="checkout-privacy">
        {messages.privacyNote} <Link to="/privacy-policy">{messages.privacyPolicy}</Link>.
      </p>
      <button type="submit" className="btn btn-block btn-large" disabled={busy} aria-busy={busy || undefined}>
        {phase === 'ordering' ? messages.placingOrder : messages.placeOrder}
      </button>
    </section>
  );
}
