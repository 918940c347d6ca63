export const orderPaths = {
  createOrder: '/api/create-order',
  verifyPayment: '/api/verify-payment',
  /** A payment provider's webhooks; `:provider` is its name (Razorpay's: /api/webhooks/razorpay). */
  webhook: '/api/webhooks/:provider',
} as const;
