import { errorResponse, messages, subscriptionPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { downloadChargeDocument } from './download-charge-document.js';

const params = z.object({ id: z.string().min(1).max(64), paymentId: z.string().min(1).max(64) });

/** A membership charge's invoice and credit note PDFs (decision 0037), as an order's are served. */
export const chargeDocumentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const [path, kind] of [
    [subscriptionPaths.chargeInvoice, 'invoice'],
    [subscriptionPaths.chargeCreditNote, 'credit_note'],
  ] as const) {
    app.get(
      path,
      {
        config: { rateLimit: perIpLimit(60, '1 minute', messages.orderDocumentTooMany) },
        schema: {
          params,
          response: { 200: z.instanceof(Buffer), 401: errorResponse, 404: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const file = await downloadChargeDocument(
          deps.db,
          requireUser(request),
          request.params.id,
          request.params.paymentId,
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
