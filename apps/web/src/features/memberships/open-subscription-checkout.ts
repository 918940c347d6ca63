import type { SubscribeResponse, VerifySubscriptionBody } from '@shop/shared';
import { loadCheckoutScript } from '../../lib/load-checkout-script';
import { checkoutTheme, openCheckoutWidget } from '../../lib/open-checkout-widget';

/**
 * Razorpay Checkout opened for a subscription (`subscription_id` in place of an order's `order_id` and
 * amount), as Razorpay documents it for UPI Autopay, cards and e-mandates; the sandbox's widget takes
 * the same options and answers alike. The widget's answer is what POST /api/subscriptions/verify takes.
 */
interface SubscriptionCheckoutOptions {
  key: string;
  subscription_id: string;
  name: string;
  description: string;
  prefill?: { email?: string };
  theme: { color: string };
  handler: (response: VerifySubscriptionBody) => void;
  modal: { ondismiss: () => void };
}

interface SubscriptionWidget {
  open(): void;
  on(event: 'payment.failed', callback: () => void): void;
  close?: () => void;
}

type SubscriptionWidgetConstructor = new (options: SubscriptionCheckoutOptions) => SubscriptionWidget;

export interface SubscriptionCheckoutRequest {
  /** The server's answer to subscribing, resuming or changing the method: the subscription to authorise. */
  answer: SubscribeResponse;
  siteName: string;
  description: string;
  email?: string;
  onAuthorised: (proof: VerifySubscriptionBody) => void;
  onDismiss: () => void;
  onFailed: () => void;
}

/**
 * Loads the widget the server named and opens it; false when its script cannot be loaded. The global is
 * the one the order checkout declares for its own options, read here with the subscription's.
 */
export async function openSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<boolean> {
  const widgetClass = () => (window as unknown as { Razorpay?: SubscriptionWidgetConstructor }).Razorpay;
  if (!(await loadCheckoutScript(request.answer.checkoutUrl, () => Boolean(widgetClass())))) return false;
  const Razorpay = widgetClass();
  if (!Razorpay) return false;
  const widget = new Razorpay({
    key: request.answer.keyId,
    subscription_id: request.answer.gatewaySubscriptionId,
    name: request.siteName,
    description: request.description,
    ...(request.email ? { prefill: { email: request.email } } : {}),
    theme: checkoutTheme,
    handler: request.onAuthorised,
    modal: { ondismiss: request.onDismiss },
  });
  openCheckoutWidget(widget, request.onFailed);
  return true;
}
