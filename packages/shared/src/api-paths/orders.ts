export const orderPaths = {
  createOrder: '/api/create-order',
  verifyPayment: '/api/verify-payment',
  razorpayWebhook: '/api/webhooks/razorpay',
} as const;
