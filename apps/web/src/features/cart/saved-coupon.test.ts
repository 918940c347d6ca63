import { describe, expect, it } from 'vitest';
import { forgetSavedCoupon, readSavedCoupon, saveCoupon } from './saved-coupon';

/** A Storage stand-in: the functions take one, so node runs them without a browser. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the coupon kept for a cart', () => {
  it('comes back for the learner who applied it, and for nobody else', () => {
    const storage = memoryStorage();
    saveCoupon('Asha@Example.com', 'WELCOME10', storage);
    expect(readSavedCoupon('asha@example.com', storage)).toBe('WELCOME10');
    expect(readSavedCoupon('ravi@example.com', storage)).toBeNull();
    forgetSavedCoupon(storage);
    expect(readSavedCoupon('asha@example.com', storage)).toBeNull();
  });

  it('ignores storage that was edited or damaged', () => {
    const storage = memoryStorage();
    for (const stored of ['{', '"WELCOME10"', '{"owner":"a@b.c","code":"../admin"}', '{"owner":"a@b.c","code":5}']) {
      storage.setItem('cart-coupon', stored);
      expect(readSavedCoupon('a@b.c', storage)).toBeNull();
    }
  });
});
