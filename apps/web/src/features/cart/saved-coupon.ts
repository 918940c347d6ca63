/**
 * The coupon applied to a learner's cart, kept in browser storage so that it survives a reload, a
 * failed or cancelled payment and a new tab. Only the code is kept, with whose cart it belongs to;
 * its percentage is always asked of the server again, which also prices the order itself.
 */
const STORAGE_KEY = 'cart-coupon';
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

interface SavedCoupon {
  owner: string;
  code: string;
}

export function readSavedCoupon(owner: string, storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<SavedCoupon> | null;
    if (saved?.owner !== owner.toLowerCase() || typeof saved.code !== 'string' || !CODE.test(saved.code)) return null;
    return saved.code;
  } catch {
    return null;
  }
}

export function saveCoupon(owner: string, code: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ owner: owner.toLowerCase(), code } satisfies SavedCoupon));
  } catch {
    // storage full or disabled (private mode): the coupon still applies until the page is left
  }
}

export function forgetSavedCoupon(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // nothing was kept
  }
}
