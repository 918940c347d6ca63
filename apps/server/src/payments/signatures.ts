import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expectedHex: string, receivedHex: string | undefined): boolean {
  if (!receivedHex || !/^[a-f0-9]+$/i.test(receivedHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex, 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

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
