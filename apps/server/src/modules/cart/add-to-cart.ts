import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { cartEligibility, ensureCartId, insertCartItems } from './repo.js';

/** Puts a course in the cart once; adding it again changes nothing and is not an error. */
export async function addToCart(db: Db, userId: string, courseId: string, now = new Date()): Promise<void> {
  const eligibility = await cartEligibility(db, userId, courseId);
  if (eligibility === 'missing') throw new AppError('not_found', messages.courseNotFound);
  if (eligibility === 'owned') throw new AppError('conflict', messages.courseOwned);
  // Each step is safe on its own (the cart and the item are created at most once), so no transaction.
  const stamp = now.toISOString();
  const cartId = await ensureCartId(db, userId, stamp);
  await insertCartItems(db, cartId, [courseId], stamp);
}
