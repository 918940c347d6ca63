import { computeTotals, messages, rupeesToPaise } from '@shop/shared';
import { Link } from 'wouter';
import { EmptyShelf, LoadFailed } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { errorMessage } from '../../lib/api';
import { useLocation } from '../../lib/navigation';
import { loginPathFor, type Profile } from '../account';
import { BuyerPage, readSavedCoupon, saleLines, useErrorToastOnce, useGetCartQuery } from '../cart';
import { BillingForm } from './billing-form';
import { OrderSummary } from './order-summary';
import { couponCodeFromHandOff } from './read-hand-off';
import { useHandOffCoupon } from './use-hand-off-coupon';
import { usePlaceOrder } from './use-place-order';
import './checkout.css';

/** The spec's 'Checkout, no token' message, once, and a sign-in that comes back here. */
function VisitorCheckout() {
  useErrorToastOnce(messages.checkoutNoLogin);
  return (
    <div className="checkout-visitor">
      <p className="state-message">{messages.checkoutNoLogin}</p>
      <Link to={loginPathFor('/check-out')} className="btn">
        {messages.signInToCheckout}
      </Link>
    </div>
  );
}

function TestModeBanner() {
  return (
    <p className="checkout-test-mode" role="note">
      <strong>{messages.testMode}</strong> {messages.testModeNote}
    </p>
  );
}

/**
 * The summary is priced from the SERVER cart (so a reload shows it too) and the coupon the cart
 * page handed over, re-checked with the server; the server prices the order again when it is placed.
 */
function SignedInCheckout({ profile }: { profile: Profile }) {
  const location = useLocation();
  // The code the cart page handed over, or else the one kept for this learner's cart.
  const couponCode = couponCodeFromHandOff(location.state) ?? readSavedCoupon(profile.email);
  const { coupon, checking, dropped } = useHandOffCoupon(couponCode);
  const { data: cart, isLoading, isError, error } = useGetCartQuery();
  const { placeOrder, phase, mode } = usePlaceOrder();

  if (phase === 'done') {
    return (
      <div className="checkout-done" role="status">
        {mode === 'sandbox' && <TestModeBanner />}
        <p className="state-message">{mode === 'free' ? messages.freeOrderEnrolled : messages.paymentSuccess}</p>
        <Link to="/enrolled-courses" className="btn">
          {messages.goToEnrolledCourses}
        </Link>
      </div>
    );
  }
  if (isLoading || checking) return <p className="state-message">{messages.loading}</p>;
  if (isError || !cart) {
    return <LoadFailed>{errorMessage(error, messages.serverError)}</LoadFailed>;
  }
  if (cart.courses.length === 0 && !cart.bundles?.length) {
    return <EmptyShelf className="checkout-visitor" message={messages.cartEmptyAtCheckout} />;
  }

  const courses = saleLines(cart);
  const totals = computeTotals(
    courses.map((line) => ({ pricePaise: rupeesToPaise(line.price) })),
    coupon?.percent ?? 0,
  );
  return (
    <>
      {mode === 'sandbox' && <TestModeBanner />}
      <BillingForm
        defaultEmail={profile.email}
        onSubmit={(billing) =>
          void placeOrder({
            billing,
            courseIds: courses.map((course) => course._id),
            totals,
            couponId: coupon?.id ?? null,
          })
        }
      >
        <OrderSummary courses={courses} totals={totals} coupon={coupon} couponDropped={dropped} phase={phase} />
      </BillingForm>
    </>
  );
}

export default function CheckoutPage() {
  useDocumentMeta('Checkout', 'Billing details, your order and payment in rupees.');
  return (
    <BuyerPage
      title="Checkout"
      signedIn={(profile) => <SignedInCheckout profile={profile} />}
      visitor={<VisitorCheckout />}
    />
  );
}
