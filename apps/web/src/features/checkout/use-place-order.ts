import {
  type CreateOrderResponse,
  checkoutCharge,
  messages,
  OUTSIDE_INDIA,
  paiseToRupees,
  rupeesToPaise,
  type Totals,
} from '@shop/shared';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { useNavigate } from '../../lib/navigation';
import { siteConfig } from '../../lib/site-config';
import { saleLines } from '../cart';
import { useGetCartQuery } from '../cart/api';
import { getCheckoutTax } from '../cart/cart-totals';
import { forgetSavedCoupon } from '../cart/saved-coupon';
import { useCreateOrderMutation, useVerifyPaymentMutation } from './api';
import type { Billing } from './billing-schema';
import { loadCheckout, type PaymentProof } from './payment-provider';

/** The spec's pause between the success message and the Enrolled Courses page. */
export const SUCCESS_REDIRECT_MS = 3000;

export type CheckoutPhase = 'idle' | 'ordering' | 'paying' | 'verifying' | 'done';

interface OrderInput {
  billing: Billing;
  courseIds: string[];
  totals: Totals;
  couponId: string | null;
}

/** Statuses whose message from the server tells the buyer what to do (total changed, gateway down). */
const TELLING_STATUSES = new Set([409, 503]);

/**
 * The spec's checkout: create the order on the server, open the payment widget, verify the payment,
 * then the success message and Enrolled Courses after 3 seconds; every failure returns to /cart.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [createOrder] = useCreateOrderMutation();
  const [verifyPayment] = useVerifyPaymentMutation();
  const { data: cart } = useGetCartQuery();
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [mode, setMode] = useState<CreateOrderResponse['mode'] | null>(null);
  const busy = useRef(false);

  const succeed = useCallback(
    (message: string) => {
      setPhase('done');
      toast.success(message, SUCCESS_REDIRECT_MS);
      // The server emptied the paid courses from the cart and enrolled the buyer; the coupon is used.
      dispatch(api.util.invalidateTags(['Cart', 'Enrolled']));
      forgetSavedCoupon();
      window.setTimeout(() => void navigate('/enrolled-courses'), SUCCESS_REDIRECT_MS);
    },
    [dispatch, navigate],
  );

  const fail = useCallback(
    (message: string) => {
      busy.current = false;
      setPhase('idle');
      toast.error(message);
      void navigate('/cart');
    },
    [navigate],
  );

  const verify = useCallback(
    async (order: CreateOrderResponse, payment: PaymentProof) => {
      setPhase('verifying');
      try {
        const answer = await verifyPayment({
          name: order.name,
          email: order.email,
          validDiscount: order.validDiscount,
          discountCouponId: order.discountCouponId,
          courseId: order.courseId,
          userId: order.userId,
          amount: order.amount,
          currency: order.currency,
          ...payment,
        }).unwrap();
        if (!answer.success) throw new Error(messages.paymentVerificationFailed);
        succeed(messages.paymentSuccess);
      } catch {
        fail(messages.paymentVerificationFailed);
      }
    },
    [verifyPayment, succeed, fail],
  );

  const placeOrder = useCallback(
    async ({ billing, courseIds, totals, couponId }: OrderInput) => {
      if (busy.current) return;
      busy.current = true;
      setPhase('ordering');
      let order: CreateOrderResponse;
      try {
        // The amount to pay: with prices exclusive of GST, the tax for the buyer's state on top (as the
        // summary shows it); the server computes it again and refuses a different amount.
        const tax = await dispatch(getCheckoutTax.initiate(undefined, { subscribe: false })).unwrap();
        const prices = (cart ? saleLines(cart) : []).map((line) => rupeesToPaise(line.price));
        const charged = checkoutCharge(tax, billing.state, prices, totals.discount).totalPaise;
        order = await createOrder({
          amount: paiseToRupees(charged),
          name: `${billing.firstName} ${billing.lastName}`,
          email: billing.email,
          courseId: courseIds.join(','),
          validDiscount: paiseToRupees(totals.discount),
          discountCouponId: couponId,
          state: billing.state,
          pin: billing.pin,
          businessName: billing.businessName,
          gstin: billing.gstin,
          // The country goes only with Outside India: a field left filled after changing state is not sent.
          ...(billing.state === OUTSIDE_INDIA ? { country: billing.country } : {}),
          disclaimerAccepted: billing.disclaimerAccepted,
        }).unwrap();
      } catch (error) {
        const status = (error as { status?: unknown } | undefined)?.status;
        if (status === 401) {
          busy.current = false;
          setPhase('idle');
          toast.error(messages.checkoutNoLogin);
          // The session ended: the page turns into its signed-out form with a way to sign in.
          dispatch(api.util.invalidateTags(['Profile']));
          return;
        }
        const told = typeof status === 'number' && TELLING_STATUSES.has(status);
        fail(told ? errorMessage(error, messages.orderCreateFailed) : messages.orderCreateFailed);
        return;
      }
      setMode(order.mode);
      if (order.paid) {
        succeed(messages.freeOrderEnrolled);
        return;
      }

      const widget = await loadCheckout({
        order,
        siteName: siteConfig.siteName,
        description: courseIds.length === 1 ? '1 course' : `${courseIds.length} courses`,
        onPaid: (payment) => void verify(order, payment),
        onDismiss: () => {
          busy.current = false;
          setPhase('idle');
          toast.info(messages.paymentCancelled);
        },
        onFailed: () => fail(messages.orderSubmissionFailed),
      });
      if (!widget) {
        busy.current = false;
        setPhase('idle');
        toast.error(messages.razorpaySdkFailed);
        return;
      }
      try {
        setPhase('paying');
        widget.open();
      } catch {
        fail(messages.orderSubmissionFailed);
      }
    },
    [cart, createOrder, dispatch, fail, succeed, verify],
  );

  return { placeOrder, phase, mode };
}
