import { subscriptionPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { pdfDownloadOptions, sendPdf } from '../../plugins/pdf-download.js';
import { downloadChargeDocument } from './download-charge-document.js';

const params = z.object({ id: z.string().min(1).max(64), paymentId: z.string().min(1).max(64) });

/** A membership charge's invoice and credit note PDFs (decision 0037), as an order's are served. */
export const chargeDocumentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const [path, kind] of [
    [subscriptionPaths.chargeInvoice, 'invoice'],
    [subscriptionPaths.chargeCreditNote, 'credit_note'],
  ] as const) {
    app.get(path, pdfDownloadOptions(params), async (request, reply) => {
      const { id, paymentId } = request.params;
      const user = requireUser(request);
      return sendPdf(reply, await downloadChargeDocument(deps.db, user, id, paymentId, kind, deps.config.dataDir));
    });
  }
};
