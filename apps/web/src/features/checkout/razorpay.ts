import { loadCheckoutScript } from '../../lib/load-checkout-script';
import { checkoutTheme, openCheckoutWidget } from '../../lib/open-checkout-widget';
import type { CheckoutRequest, CheckoutWidget } from './payment-provider';

/** What the checkout widget hands back after a payment: Razorpay's three fields. */
export interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

/** The options of `new Razorpay(options)`, as Razorpay's checkout.js and our sandbox widget take them. */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
  theme?: { color: string };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
  /** Razorpay's widget has it; the sandbox widget closes itself. */
  close?: () => void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

/** Razorpay's checkout.js (or the sandbox's widget, which takes the same options and answers alike). */
export async function razorpayCheckout(request: CheckoutRequest): Promise<CheckoutWidget | null> {
  const { order } = request;
  if (!order.order_id || !(await loadCheckoutScript(order.checkoutUrl, () => Boolean(window.Razorpay)))) return null;
  const Razorpay = window.Razorpay;
  const orderId = order.order_id;
  if (!Razorpay) return null;
  return {
    open() {
      const widget = new Razorpay({
        key: order.key_id,
        amount: order.amount,
        currency: order.currency,
        order_id: orderId,
        name: request.siteName,
        description: request.description,
        prefill: { name: order.name, email: order.email },
        theme: checkoutTheme,
        handler: request.onPaid,
        modal: { ondismiss: request.onDismiss },
      });
      openCheckoutWidget(widget, request.onFailed);
    },
  };
}
