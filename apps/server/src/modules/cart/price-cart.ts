import { computeTotals, type Totals } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findUsableCoupon, type UsableCoupon } from '../coupons/find-usable-coupon.js';
import { type CartLineRow, findCartLines } from './repo.js';

export interface PricedCart {
  lines: CartLineRow[];
  /** Null when no code was given or the code is not usable by this user now. */
  coupon: UsableCoupon | null;
  /** Paise, from our own prices and the coupon, by the one rule the cart page also uses. */
  totals: Totals;
}

/** The server's own figures for a user's cart: what the checkout charges, whatever a client says. */
export async function priceCart(
  db: Db,
  userId: string,
  couponCode: string | null,
  now = new Date(),
): Promise<PricedCart> {
  const lines = await findCartLines(db, userId);
  const coupon = couponCode ? await findUsableCoupon(db, couponCode, userId, now) : null;
  const totals = computeTotals(
    lines.map((line) => ({ pricePaise: line.price_paise, quantity: line.quantity })),
    coupon?.percent ?? 0,
  );
  return { lines, coupon, totals };
}
