import type { AdminOrderQuery, AdminOrderRow } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { endOfIndianDay, startOfIndianDay } from '../coupons/coupon-dates.js';
import { containsText } from './contains-text.js';

const LIMIT = 500;

/**
 * Orders, newest first, matching the search: `q` is an e-mail (or part of one), an order id or a
 * gateway order id; dates are whole India days.
 */
export async function searchOrders(db: Db, query: AdminOrderQuery, userId?: string): Promise<AdminOrderRow[]> {
  let select = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.created_at',
      'orders.billing_email',
      'orders.billing_name',
      'orders.status',
      'orders.total_paise',
      'orders.coupon_code',
      'users.email',
    ]);
  if (userId) select = select.where('orders.user_id', '=', userId);
  const q = query.q?.trim().toLowerCase();
  if (q) {
    select = select.where((eb) =>
      eb.or([
        eb('orders.id', '=', q),
        eb('orders.gateway_order_id', '=', query.q?.trim() ?? ''),
        containsText(eb.ref('users.email_lower'), q),
        containsText(eb.fn('lower', [eb.ref('orders.billing_email')]), q),
      ]),
    );
  }
  if (query.status) select = select.where('orders.status', '=', query.status);
  if (query.from) select = select.where('orders.created_at', '>=', startOfIndianDay(query.from));
  if (query.to) select = select.where('orders.created_at', '<', endOfIndianDay(query.to));
  const rows = await select.orderBy('orders.created_at', 'desc').limit(LIMIT).execute();
  const ids = rows.map((row) => row.id);
  const lines = ids.length
    ? await db.selectFrom('order_lines').select(['order_id', 'title']).where('order_id', 'in', ids).execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    email: row.billing_email || row.email,
    billingName: row.billing_name,
    status: row.status,
    totalPaise: row.total_paise,
    couponCode: row.coupon_code,
    courses: lines.filter((line) => line.order_id === row.id).map((line) => line.title),
  }));
}
