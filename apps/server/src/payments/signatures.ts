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
