import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deleteCartOf, findCartLines } from './repo.js';

/** The learner's cart in their data export (privacy centre). */
export async function exportCartOf(db: Db, userId: string): Promise<MyDataExport['cart']> {
  return (await findCartLines(db, userId)).map((line) => ({ courseId: line.id, title: line.title }));
}

/** Empties the learner's cart inside the account deletion's transaction. */
export function eraseCartOf(trx: Db, userId: string): Promise<void> {
  return deleteCartOf(trx, userId);
}
