import { computeTotals, type Totals } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findUsableCoupon, type UsableCoupon } from '../coupons/find-usable-coupon.js';
import { type CartBundleLine, findCartBundles } from './cart-bundles.js';
import { type CartLineRow, findCartLines } from './repo.js';

export interface PricedCart {
  lines: CartLineRow[];
  /** Each bundle is one line at its price, after the courses (issue 34). */
  bundles: CartBundleLine[];
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
  const bundles = await findCartBundles(db, userId);
  const inBundles = new Set(bundles.flatMap((bundle) => bundle.courses.map((course) => course.id)));
  // The cart keeps a course and a bundle that brings it apart (add-to-cart.ts); should both be there, the bundle brings it.
  const lines = (await findCartLines(db, userId)).filter((line) => !inBundles.has(line.id));
  const coupon = couponCode ? await findUsableCoupon(db, couponCode, userId, now) : null;
  const totals = computeTotals(
    [
      ...lines.map((line) => ({ pricePaise: line.price_paise, quantity: line.quantity })),
      ...bundles.map((bundle) => ({ pricePaise: bundle.pricePaise })),
    ],
    coupon?.percent ?? 0,
  );
  return { lines, bundles, coupon, totals };
}
