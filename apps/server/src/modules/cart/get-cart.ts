import type { Cart } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findCartLines } from './repo.js';

/** The spec's cart shape: each entry's `courseId` is the populated course, price in rupees. */
export async function getCart(db: Db, userId: string): Promise<Cart> {
  const lines = await findCartLines(db, userId);
  return {
    userId,
    courses: lines.map((line) => ({
      courseId: { _id: line.id, title: line.title, price: line.price_paise / 100, thumb: line.thumb },
      quantity: line.quantity,
    })),
  };
}
