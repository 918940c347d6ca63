import { type CheckoutHandOff, computeTotals, messages, rupeesToPaise } from '@shop/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../app/api';
import { useGetCartQuery } from './api';
import type { AppliedCoupon } from './applied-coupon';
import { CartTable } from './cart-table';
import { CartTotals } from './cart-totals';
import { CouponBox } from './coupon-box';
import { checkProceed } from './proceed-check';
import { useLocalCartMergePending } from './use-merge-local-cart';

export function SignedInCart() {
  const navigate = useNavigate();
  // Waits for a browser cart that is moving in, rather than flash an empty bag or a cart without it.
  const merging = useLocalCartMergePending();
  const { data: cart, isLoading, isError, error } = useGetCartQuery(undefined, { skip: merging });
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);

  if (isLoading || merging) return <p className="state-message">{messages.loading}</p>;
  if (isError || !cart) {
    return (
      <p className="state-message" role="alert">
        {errorMessage(error, messages.serverError)}
      </p>
    );
  }
  if (cart.courses.length === 0) {
    return (
      <div className="cart-empty">
        <p className="state-message">{messages.cartEmpty}</p>
        <Link to="/" className="btn">
          {messages.cartGoToShop}
        </Link>
      </div>
    );
  }

  // The same rule the server applies at checkout; the server's figures are the ones charged.
  const totals = computeTotals(
    cart.courses.map((entry) => ({ pricePaise: rupeesToPaise(entry.courseId.price), quantity: entry.quantity })),
    coupon?.percent ?? 0,
  );

  const proceed = () => {
    const problem = checkProceed(cart.courses, totals);
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
      <CartTable entries={cart.courses} />
      <div className="cart-side">
        <CouponBox onChange={setCoupon} />
        <CartTotals totals={totals} coupon={coupon} onProceed={proceed} />
      </div>
    </div>
  );
}
