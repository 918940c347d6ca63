import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacHex, signatureMatches } from '../auth/signatures.js';
import {
  paymentSignature,
  subscriptionSignature,
  verifyPaymentSignature,
  verifySubscriptionSignature,
  verifyWebhookSignature,
} from './signatures.js';

const secret = 'sig-test-secret';
const body = '{"event":"payment.captured"}';
const good = hmacHex(secret, body);

describe('signature checks', () => {
  it("accepts Razorpay's HMAC-SHA256 in lower or upper case hex", () => {
    expect(good).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, body, good)).toBe(true);
    expect(verifyWebhookSignature(secret, Buffer.from(body), good.toUpperCase())).toBe(true);
    const checkout = paymentSignature(secret, 'order_1', 'pay_1');
    expect(checkout).toBe(hmacHex(secret, 'order_1|pay_1'));
    expect(verifyPaymentSignature(secret, 'order_1', 'pay_1', checkout)).toBe(true);
    expect(verifyPaymentSignature(secret, 'order_1', 'pay_2', checkout)).toBe(false);
    expect(verifyPaymentSignature('another-secret', 'order_1', 'pay_1', checkout)).toBe(false);
  });

  it('refuses a valid signature with one more hex digit appended (an odd-length hex string loses its last nibble)', () => {
    for (const digit of '0123456789abcdef') {
      expect(verifyWebhookSignature(secret, body, `${good}${digit}`), digit).toBe(false);
    }
    expect(verifyWebhookSignature(secret, body, `${good}00`)).toBe(false);
  });

  it('refuses, without throwing, signatures that are missing, short, long or not hex', () => {
    const refused = [
      undefined,
      '',
      good.slice(0, -1),
      good.slice(0, -2),
      good.slice(2),
      `${good}${good}`,
      `g${good.slice(1)}`,
      `${good.slice(0, -1)}g`,
      `${good.slice(0, 32)}-${good.slice(33)}`,
      ` ${good.slice(1)}`,
      'z'.repeat(64),
    ];
    for (const received of refused) expect(signatureMatches(good, received), String(received)).toBe(false);
  });

  it('property: only the exact signature, in any letter case, is accepted; anything else is refused without throwing', () => {
    const hexish = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFgz -'), maxLength: 70 });
    const nearMiss = fc
      .tuple(fc.nat({ max: 63 }), fc.constantFrom(...'0123456789abcdef'))
      .map(([at, digit]) => `${good.slice(0, at)}${digit}${good.slice(at + 1)}`);
    const appended = fc
      .string({ unit: fc.constantFrom(...'0123456789abcdefG'), minLength: 1, maxLength: 3 })
      .map((tail) => good + tail);
    fc.assert(
      fc.property(fc.oneof(hexish, nearMiss, appended, fc.string()), (received) => {
        expect(signatureMatches(good, received)).toBe(received.toLowerCase() === good);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('subscription checkout signature (issue 34)', () => {
  it('is HMAC-SHA256 of payment_id|subscription_id with the key secret: the payment id first, unlike an order', () => {
    const signature = subscriptionSignature(secret, 'sub_1', 'pay_1');
    expect(signature).toBe(hmacHex(secret, 'pay_1|sub_1'));
    expect(verifySubscriptionSignature(secret, 'sub_1', 'pay_1', signature)).toBe(true);
    expect(verifySubscriptionSignature(secret, 'sub_1', 'pay_1', signature.toUpperCase())).toBe(true);
    // A tampered payment id, another subscription, an order-style signature over the same ids, another secret, none.
    expect(verifySubscriptionSignature(secret, 'sub_1', 'pay_2', signature)).toBe(false);
    expect(verifySubscriptionSignature(secret, 'sub_2', 'pay_1', signature)).toBe(false);
    expect(verifySubscriptionSignature(secret, 'sub_1', 'pay_1', paymentSignature(secret, 'sub_1', 'pay_1'))).toBe(
      false,
    );
    expect(verifySubscriptionSignature('another-secret', 'sub_1', 'pay_1', signature)).toBe(false);
    expect(verifySubscriptionSignature(secret, 'sub_1', 'pay_1', undefined)).toBe(false);
    // Nor does a subscription's signature pass as an order's for the same two ids.
    expect(verifyPaymentSignature(secret, 'sub_1', 'pay_1', signature)).toBe(false);
  });
});
