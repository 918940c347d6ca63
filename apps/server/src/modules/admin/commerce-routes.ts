import { adminOrderQuery, objectId } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { listCoupons } from './coupon-record.js';
import { getOrder } from './get-order.js';
import { parseInput } from './parse-input.js';
import { refundOrder } from './refund-order.js';
import { deactivateCoupon, saveCoupon } from './save-coupon.js';
import { searchOrders } from './search-orders.js';
import { indiaDateTime, writeCsv } from './write-csv.js';

const idParams = z.object({ id: objectId });

export const adminCommerceRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get('/api/admin/coupons', async () => ({ ok: true as const, coupons: await listCoupons(db) }));
  app.post('/api/admin/coupons', async (request) => ({
    ok: true as const,
    coupon: await saveCoupon(db, requireAdmin(request), null, request.body),
  }));
  app.put('/api/admin/coupons/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, coupon: await saveCoupon(db, requireAdmin(request), id, request.body) };
  });
  app.post('/api/admin/coupons/:id/deactivate', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, coupon: await deactivateCoupon(db, requireAdmin(request), id) };
  });

  app.get('/api/admin/orders', async (request) => ({
    ok: true as const,
    orders: await searchOrders(db, parseInput(adminOrderQuery, request.query)),
  }));
  app.get('/api/admin/orders.csv', async (request, reply) => {
    const orders = await searchOrders(db, parseInput(adminOrderQuery, request.query));
    const csv = writeCsv(
      ['order id', 'created at (IST)', 'e-mail', 'name', 'status', 'total (INR)', 'coupon', 'courses'],
      orders.map((o) => [
        o.id,
        indiaDateTime(o.createdAt),
        o.email,
        o.billingName,
        o.status,
        (o.totalPaise / 100).toFixed(2),
        o.couponCode,
        o.courses.join('; '),
      ]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
  app.get('/api/admin/orders/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, order: await getOrder(db, id) };
  });
  app.post('/api/admin/orders/:id/refund', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, order: await refundOrder(deps, requireAdmin(request), id) };
  });
};
