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
