import { type Cart, type CheckoutHandOff, computeTotals, messages, rupeesToPaise } from '@shop/shared';
import { EmptyShelf, LoadFailed } from '../../components/ui/shelf-states';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/navigation';
import { useGetCartQuery } from './api';
import { CartTable } from './cart-table';
import { CartTotals } from './cart-totals';
import { CouponBox } from './coupon-box';
import { checkProceed } from './proceed-check';
import { saleLines } from './sale-lines';
import { useCartCoupon } from './use-cart-coupon';
import { useLocalCartMergePending } from './use-merge-local-cart';

/** `owner` is the signed-in learner's e-mail: the cart's coupon is kept for them alone. */
export function SignedInCart({ owner }: { owner: string }) {
  // Waits for a browser cart that is moving in, rather than flash an empty bag or a cart without it.
  const merging = useLocalCartMergePending();
  const { data: cart, isLoading, isError, error } = useGetCartQuery(undefined, { skip: merging });

  if (isLoading || merging) return <p className="state-message">{messages.loading}</p>;
  if (isError || !cart) {
    return <LoadFailed>{errorMessage(error, messages.serverError)}</LoadFailed>;
  }
  if (cart.courses.length === 0 && !cart.bundles?.length) {
    return <EmptyShelf className="cart-empty" message={messages.cartEmpty} to="/" />;
  }
  return <FilledCart cart={cart} owner={owner} />;
}

function FilledCart({ cart, owner }: { cart: Cart; owner: string }) {
  const navigate = useNavigate();
  const { coupon, checking, lapsed, apply } = useCartCoupon(owner);
  // Rather than show the full price for a moment and then the discount.
  if (checking) return <p className="state-message">{messages.loading}</p>;

  // The same rule the server applies at checkout; the server's figures are the ones charged.
  const totals = computeTotals(
    saleLines(cart).map((line) => ({ pricePaise: rupeesToPaise(line.price) })),
    coupon?.percent ?? 0,
  );

  const proceed = () => {
    const problem = checkProceed(saleLines(cart), totals);
    if (problem) {
      window.alert(problem);
      return;
    }
    const handOff: CheckoutHandOff = {
      cart: cart.courses.map((entry) => entry.courseId),
      validDiscount: totals.discount,
      finalTotal: totals.total,
      discountCouponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
    };
    navigate('/check-out', { state: handOff });
  };

  return (
    <div className="cart-layout">
      <CartTable entries={cart.courses} bundles={cart.bundles ?? []} />
      <div className="cart-side">
        {lapsed && (
          <p className="cart-coupon-lapsed" role="alert">
            {messages.couponNoLongerApplies.replace('{code}', lapsed)}
          </p>
        )}
        <CouponBox onChange={apply} appliedCode={coupon?.code ?? null} />
        <CartTotals totals={totals} coupon={coupon} onProceed={proceed} />
      </div>
    </div>
  );
}
