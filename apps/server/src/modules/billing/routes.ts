import { billingPaths, checkoutTaxResponse, errorResponse, messages, myOrdersResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { checkoutTaxBasis } from './checkout-tax-basis.js';
import { downloadDocument } from './download-document.js';
import { listMyOrders } from './list-my-orders.js';

const orderParams = z.object({ id: z.string().min(1).max(100) });

export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Public: what the checkout page needs to add the same GST the server will charge.
  app.get(billingPaths.checkoutTax, { schema: { response: { 200: checkoutTaxResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true as const, tax: await checkoutTaxBasis(deps.db, deps.config.tax) };
  });

  app.get(
    billingPaths.orders,
    { schema: { response: { 200: myOrdersResponse, 401: errorResponse } } },
    async (request) => ({
      ok: true as const,
      orders: await listMyOrders(deps.db, requireUser(request)),
    }),
  );

  for (const [path, kind] of [
    [billingPaths.invoice, 'invoice'],
    [billingPaths.creditNote, 'credit_note'],
  ] as const) {
    app.get(
      path,
      {
        // A PDF costs tens of milliseconds of CPU: enough for any buyer, too little to keep the server busy.
        config: { rateLimit: perIpLimit(60, '1 minute', messages.orderDocumentTooMany) },
        schema: {
          params: orderParams,
          // The PDF goes out as it is; only refusals are JSON.
          response: { 200: z.instanceof(Buffer), 401: errorResponse, 404: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const file = await downloadDocument(
          deps.db,
          requireUser(request),
          request.params.id,
          kind,
          deps.config.dataDir,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.pdf);
      },
    );
  }
};
