import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { deleteCartBundle } from './repo.js';

export async function removeBundleFromCart(db: Db, userId: string, bundleId: string): Promise<void> {
  if (!(await deleteCartBundle(db, userId, bundleId))) throw new AppError('not_found', messages.bundleNotInCart);
}
