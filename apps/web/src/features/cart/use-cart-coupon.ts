import { messages } from '@shop/shared';
import { useCallback, useEffect, useState } from 'react';
import { useCheckCouponMutation } from './api';
import type { AppliedCoupon } from './applied-coupon';
import { forgetSavedCoupon, readSavedCoupon, saveCoupon } from './saved-coupon';

export interface CartCoupon {
  coupon: AppliedCoupon | null;
  /** The kept coupon is being checked with the server again. */
  checking: boolean;
  /** The code of a kept coupon that the server no longer accepts (it has been forgotten). */
  lapsed: string | null;
  /** What the coupon box applied (or null when it refused a code): kept for the next visit. */
  apply: (coupon: AppliedCoupon | null) => void;
}

/**
 * The cart's coupon: the one this learner applied earlier comes back, checked with the server again;
 * one that no longer applies is dropped and named, never silently. An answer that is not a refusal
 * (no network, too many lookups) keeps it for the next visit without applying it now.
 */
export function useCartCoupon(owner: string): CartCoupon {
  const [checkCoupon] = useCheckCouponMutation();
  const [saved] = useState(() => readSavedCoupon(owner));
  const [state, setState] = useState<Omit<CartCoupon, 'apply'>>({
    coupon: null,
    checking: Boolean(saved),
    lapsed: null,
  });

  useEffect(() => {
    if (!saved) return;
    let current = true;
    checkCoupon(saved)
      .unwrap()
      .then((answer) => {
        if (!current) return;
        if (answer.message !== messages.couponValid) throw Object.assign(new Error(answer.message), { status: 404 });
        const coupon = { id: answer.coupon.id, code: saved.toUpperCase(), percent: answer.coupon.discountPercentage };
        setState({ coupon, checking: false, lapsed: null });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const status = (error as { status?: unknown } | undefined)?.status;
        const refused = status === 404 || status === 400;
        if (refused) forgetSavedCoupon();
        setState({ coupon: null, checking: false, lapsed: refused ? saved.toUpperCase() : null });
      });
    return () => {
      current = false;
    };
  }, [saved, checkCoupon]);

  const apply = useCallback(
    (coupon: AppliedCoupon | null) => {
      if (coupon) saveCoupon(owner, coupon.code);
      else forgetSavedCoupon();
      setState({ coupon, checking: false, lapsed: null });
    },
    [owner],
  );

  return { ...state, apply };
}
