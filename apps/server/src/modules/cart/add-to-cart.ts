import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { cartEligibility, ensureCartId, insertCartItems } from './repo.js';

/** Puts a course in the cart once; adding it again changes nothing and is not an error. */
export async function addToCart(db: Db, userId: string, courseId: string, now = new Date()): Promise<void> {
  const eligibility = await cartEligibility(db, userId, courseId);
  if (eligibility === 'missing') throw new AppError('not_found', messages.courseNotFound);
  if (eligibility === 'owned') throw new AppError('conflict', messages.courseOwned);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const cartId = await ensureCartId(trx, userId, stamp);
    await insertCartItems(trx, cartId, [courseId], stamp);
  });
}
