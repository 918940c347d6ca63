/** The shop's colour in Razorpay's widget (and the sandbox's). */
export const checkoutTheme = { color: '#15803d' };

interface CheckoutWidget {
  open(): void;
  on(event: 'payment.failed', callback: () => void): void;
  /** Razorpay's widget has it; the sandbox widget closes itself. */
  close?: () => void;
}

/** Opens a made Razorpay widget (an order's or a subscription's); a failed payment closes it, then `onFailed`. */
export function openCheckoutWidget(widget: CheckoutWidget, onFailed: () => void): void {
  widget.on('payment.failed', () => {
    widget.close?.();
    onFailed();
  });
  widget.open();
}
