import { messages } from '@shop/shared';
import { useEffect, useState } from 'react';
import { type AppliedCoupon, useCheckCouponMutation } from '../cart';

export interface HandOffCoupon {
  coupon: AppliedCoupon | null;
  checking: boolean;
  /** The cart applied a code that the server no longer accepts for this learner. */
  dropped: boolean;
}

/** Asks the server afresh for the coupon the cart applied: its percentage prices the summary. */
export function useHandOffCoupon(code: string | null): HandOffCoupon {
  const [checkCoupon] = useCheckCouponMutation();
  const [state, setState] = useState<HandOffCoupon>({ coupon: null, checking: Boolean(code), dropped: false });

  useEffect(() => {
    if (!code) {
      setState({ coupon: null, checking: false, dropped: false });
      return;
    }
    let current = true;
    setState({ coupon: null, checking: true, dropped: false });
    checkCoupon(code)
      .unwrap()
      .then((answer) => {
        if (!current) return;
        if (answer.message !== messages.couponValid) throw new Error(messages.couponInvalid);
        const coupon = { id: answer.coupon.id, code: code.toUpperCase(), percent: answer.coupon.discountPercentage };
        setState({ coupon, checking: false, dropped: false });
      })
      .catch(() => {
        if (current) setState({ coupon: null, checking: false, dropped: true });
      });
    return () => {
      current = false;
    };
  }, [code, checkCoupon]);

  return state;
}
