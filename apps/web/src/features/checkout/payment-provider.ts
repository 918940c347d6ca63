import type { CreateOrderResponse } from '@shop/shared';
import { type RazorpaySuccess, razorpayCheckout } from './razorpay';

/**
 * The one place the web app meets a payment provider's checkout widget. The server's order names its
 * provider (`mode`); each provider's widget opener is one entry below. The proof a widget hands back is
 * what the verify call sends: the spec's `razorpay_*` fields (Razorpay's wire shape, which the sandbox's
 * widget answers too).
 */
export type PaymentProof = RazorpaySuccess;

export interface CheckoutRequest {
  order: CreateOrderResponse;
  siteName: string;
  description: string;
  onPaid: (proof: PaymentProof) => void;
  onDismiss: () => void;
  onFailed: () => void;
}

export interface CheckoutWidget {
  open(): void;
}

const widgets = new Map<string, (request: CheckoutRequest) => Promise<CheckoutWidget | null>>([
  ['razorpay', razorpayCheckout],
  ['sandbox', razorpayCheckout],
]);

/** The order's checkout widget, ready to open; null when its script cannot be loaded or its provider is unknown. */
export function loadCheckout(request: CheckoutRequest): Promise<CheckoutWidget | null> {
  const opener = widgets.get(request.order.mode);
  return opener ? opener(request) : Promise.resolve(null);
}
