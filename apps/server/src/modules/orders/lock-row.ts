import type { Db, DbKind } from '../../db/database.js';

/**
 * Takes the row lock that serialises concurrent changes to one order, coupon or buyer (a buyer's lock
 * orders the payments and refunds of their orders, which decide together what they own). PostgreSQL needs
 * `FOR UPDATE`; SQLite runs one write transaction at a time already and has no such clause.
 */
export async function lockRow(trx: Db, kind: DbKind, table: 'orders' | 'coupons' | 'users', id: string): Promise<void> {
  if (kind !== 'postgres') return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}
