import { billingPaths, checkoutTaxResponse, errorResponse, myOrdersResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { pdfDownloadOptions, sendPdf } from '../../plugins/pdf-download.js';
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
    app.get(path, pdfDownloadOptions(orderParams), async (request, reply) =>
      sendPdf(
        reply,
        await downloadDocument(deps.db, requireUser(request), request.params.id, kind, deps.config.dataDir),
      ),
    );
  }
};
