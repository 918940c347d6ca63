import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { deleteCartItem } from './repo.js';

export async function removeFromCart(db: Db, userId: string, courseId: string): Promise<void> {
  const removed = await deleteCartItem(db, userId, courseId);
  if (!removed) throw new AppError('not_found', messages.courseNotInCart);
}
