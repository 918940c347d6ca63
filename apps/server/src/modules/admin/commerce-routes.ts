import {
  adminCouponInput,
  adminCouponResponse,
  adminCouponsResponse,
  adminOrderQuery,
  adminOrderResponse,
  adminOrdersResponse,
  adminPaths,
  indiaDateTime,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/write-audit.js';
import { requireAdmin } from '../../auth/session.js';
import { writeCsv } from '../../csv.js';
import type { AppDeps } from '../../deps.js';
import { refundOrder } from '../orders/refund-order.js';
import { listCoupons } from './coupon-record.js';
import { getOrder } from './get-order.js';
import { deactivateCoupon, saveCoupon } from './save-coupon.js';
import { searchOrders } from './search-orders.js';

const idParams = z.object({ id: objectId });

export const adminCommerceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(adminPaths.coupons, { schema: { response: { 200: adminCouponsResponse } } }, async () => ({
    ok: true as const,
    coupons: await listCoupons(db),
  }));
  app.post(
    adminPaths.coupons,
    { schema: { body: adminCouponInput, response: { 200: adminCouponResponse } } },
    async (request) => ({ ok: true as const, coupon: await saveCoupon(db, requireAdmin(request), null, request.body) }),
  );
  app.put(
    adminPaths.coupon,
    { schema: { params: idParams, body: adminCouponInput, response: { 200: adminCouponResponse } } },
    async (request) => ({
      ok: true as const,
      coupon: await saveCoupon(db, requireAdmin(request), request.params.id, request.body),
    }),
  );
  app.post(
    adminPaths.deactivateCoupon,
    { schema: { params: idParams, response: { 200: adminCouponResponse } } },
    async (request) => ({
      ok: true as const,
      coupon: await deactivateCoupon(db, requireAdmin(request), request.params.id),
    }),
  );

  app.get(
    adminPaths.orders,
    { schema: { querystring: adminOrderQuery, response: { 200: adminOrdersResponse } } },
    async (request) => ({ ok: true as const, orders: await searchOrders(db, request.query) }),
  );
  app.get(adminPaths.ordersCsv, { schema: { querystring: adminOrderQuery } }, async (request, reply) => {
    const orders = await searchOrders(db, request.query);
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
  app.get(
    adminPaths.order,
    { schema: { params: idParams, response: { 200: adminOrderResponse } } },
    async (request) => ({ ok: true as const, order: await getOrder(db, request.params.id) }),
  );
  // The refund itself is the orders module's; the console adds its audit row to the same transaction.
  app.post(
    adminPaths.refund,
    { schema: { params: idParams, response: { 200: adminOrderResponse } } },
    async (request) => {
      const actor = requireAdmin(request);
      const before = await getOrder(db, request.params.id);
      const now = new Date();
      await refundOrder(
        deps,
        before,
        (trx, refund) =>
          writeAudit(
            trx,
            actor,
            {
              action: 'order.refund',
              entity: 'order',
              entityId: before.id,
              before: { status: before.status },
              after: { status: 'refunded', gatewayRefundId: refund.id, amountPaise: refund.amount },
            },
            now,
          ),
        now,
      );
      return { ok: true as const, order: await getOrder(db, before.id) };
    },
  );
};
