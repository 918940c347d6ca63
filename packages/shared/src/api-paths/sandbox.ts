/** The offline payment page that stands in for Razorpay's checkout in development and tests. */
export const sandboxPaths = {
  checkoutScript: '/sandbox/checkout.js',
  pay: '/api/sandbox/pay',
} as const;
