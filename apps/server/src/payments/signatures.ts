import { hmacHex, signatureMatches } from '../auth/signatures.js';

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(secret: string, gatewayOrderId: string, paymentId: string): string {
  return hmacHex(secret, `${gatewayOrderId}|${paymentId}`);
}

export function verifyPaymentSignature(
  secret: string,
  gatewayOrderId: string,
  paymentId: string,
  signature: string | undefined,
): boolean {
  return signatureMatches(paymentSignature(secret, gatewayOrderId, paymentId), signature);
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw request body with the webhook secret. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer | string,
  signature: string | undefined,
): boolean {
  return signatureMatches(hmacHex(secret, rawBody), signature);
}

/**
 * Razorpay's subscription checkout signature: HMAC-SHA256 of `payment_id|subscription_id` with the key
 * secret. The payment id comes FIRST, the other way round from an order's (`order_id|payment_id`).
 */
export function subscriptionSignature(secret: string, gatewaySubscriptionId: string, paymentId: string): string {
  return hmacHex(secret, `${paymentId}|${gatewaySubscriptionId}`);
}

export function verifySubscriptionSignature(
  secret: string,
  gatewaySubscriptionId: string,
  paymentId: string,
  signature: string | undefined,
): boolean {
  return signatureMatches(subscriptionSignature(secret, gatewaySubscriptionId, paymentId), signature);
}
