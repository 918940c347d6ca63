import { type CheckoutCharge, checkoutCharge, formatPaise, messages, rupeesToPaise, type Totals } from '@shop/shared';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { AppliedCoupon, SaleLine } from '../cart';
import { useGetCheckoutTaxQuery } from '../cart/cart-totals';
import type { CheckoutPhase } from './use-place-order';

interface OrderSummaryProps {
  courses: SaleLine[];
  totals: Totals;
  coupon: AppliedCoupon | null;
  couponDropped: boolean;
  phase: CheckoutPhase;
}

/**
 * The value of a field of the form this summary sits in (the billing form's state), followed as the buyer
 * changes it: the summary is the form's child, so it listens on the form rather than owning the field.
 */
function useEnclosingFormField(ref: RefObject<HTMLElement | null>, name: string): string {
  const [value, setValue] = useState('');
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const read = () => {
      const field = form.elements.namedItem(name);
      setValue(field instanceof HTMLSelectElement || field instanceof HTMLInputElement ? field.value : '');
    };
    read();
    form.addEventListener('change', read);
    form.addEventListener('input', read);
    return () => {
      form.removeEventListener('change', read);
      form.removeEventListener('input', read);
    };
  }, [ref, name]);
  return value;
}

/** The GST rows of an order whose prices exclude it: the split for the buyer's state, or a note until one is chosen. */
function GstRows({ charge, rateBp, state }: { charge: CheckoutCharge; rateBp: number; state: string }) {
  if (!state) {
    return (
      <tr>
        <th scope="row">GST</th>
        <td data-total="gst">{messages.gstByState}</td>
      </tr>
    );
  }
  if (charge.mode === 'intra') {
    return (
      <>
        <tr>
          <th scope="row">CGST {rateBp / 200}%</th>
          <td data-total="cgst">{formatPaise(charge.cgstPaise)}</td>
        </tr>
        <tr>
          <th scope="row">SGST {rateBp / 200}%</th>
          <td data-total="sgst">{formatPaise(charge.sgstPaise)}</td>
        </tr>
      </>
    );
  }
  if (charge.mode === 'inter') {
    return (
      <tr>
        <th scope="row">IGST {rateBp / 100}%</th>
        <td data-total="igst">{formatPaise(charge.igstPaise)}</td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row">GST</th>
      <td data-total="gst">
        {formatPaise(0)} <span className="checkout-coupon-note">{messages.gstAddedNone}</span>
      </td>
    </tr>
  );
}

/**
 * 'YOUR ORDER': each course with its amount, the discount and the total, the privacy note and Place order.
 * With prices exclusive of GST it adds the tax for the state chosen in the billing form, computed by the
 * same function the server charges with.
 */
export function OrderSummary({ courses, totals, coupon, couponDropped, phase }: OrderSummaryProps) {
  const busy = phase !== 'idle';
  const section = useRef<HTMLElement>(null);
  const state = useEnclosingFormField(section, 'state');
  const { data: tax } = useGetCheckoutTaxQuery();
  const exclusive = tax?.pricesInclusive === false && tax.registered;
  const charge = tax
    ? checkoutCharge(
        tax,
        state,
        courses.map((course) => rupeesToPaise(course.price)),
        totals.discount,
      )
    : null;
  return (
    <section className="checkout-order" aria-labelledby="your-order-title" ref={section}>
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
          {exclusive && charge && <GstRows charge={charge} rateBp={tax.rateBp} state={state} />}
          <tr className="checkout-total-row">
            <th scope="row">Total</th>
            <td data-total="total">{formatPaise(exclusive && charge && state ? charge.totalPaise : totals.total)}</td>
          </tr>
        </tfoot>
      </table>
      {exclusive && <p className="checkout-privacy">{messages.pricesExcludeGst}</p>}
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
