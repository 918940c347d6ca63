/**
 * HMAC-SHA256 signatures the shop checks: payment confirmations and webhooks (payments/) and the
 * signed, expiring links of course files and videos (learning, playback). One place, on the platform
 * floor, so neither learning nor playback imports the payment code.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * Constant-time comparison of a received hex signature with the expected one. The lengths are compared
 * as text: decoding stops at an odd last digit, so `<valid signature>0` would decode to the valid bytes.
 */
export function signatureMatches(expectedHex: string, receivedHex: string | undefined): boolean {
  if (receivedHex?.length !== expectedHex.length || !/^[a-f0-9]+$/i.test(receivedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(receivedHex, 'hex'));
}

/**
 * A link signed until `expiry` (Unix seconds, as the link writes it), its signature over `signedText`. The
 * signature is checked first (in constant time), so an expired link is only reported as such when genuine.
 */
export function checkExpiringSignature(
  secret: string,
  signedText: string,
  expiry: string,
  signature: string | undefined,
  now: Date,
): 'valid' | 'invalid' | 'expired' {
  if (!/^\d{1,12}$/.test(expiry)) return 'invalid';
  if (!signatureMatches(hmacHex(secret, signedText), signature)) return 'invalid';
  return Number(expiry) * 1000 > now.getTime() ? 'valid' : 'expired';
}
