import {
  billingPaths,
  gstr1Query,
  invoiceRegisterQuery,
  invoiceRegisterResponse,
  messages,
  resendDocumentInput,
  resendDocumentResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { writeGstr1Csv } from './gstr1-csv.js';
import { gstr1Table } from './gstr1-sections.js';
import { documentsOfMonth, listRegister } from './register-documents.js';
import { resendDocument } from './register-resend.js';

/**
 * The operator's invoice register and GSTR-1 exports, registered inside the console's admin scope
 * (admin/routes.ts), which checks the role before any schema runs.
 */
export const registerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    billingPaths.adminInvoices,
    { schema: { querystring: invoiceRegisterQuery, response: { 200: invoiceRegisterResponse } } },
    async (request) => ({
      ok: true as const,
      register: await listRegister(deps.db, request.query.month, request.query.q),
    }),
  );

  app.get(billingPaths.adminGstr1, { schema: { querystring: gstr1Query } }, async (request, reply) => {
    const { month, section } = request.query;
    const table = gstr1Table(await documentsOfMonth(deps.db, month), section);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gstr1-${section}-${month}.csv"`)
      .header('cache-control', 'no-store')
      .send(writeGstr1Csv(table.header, table.rows));
  });

  app.post(
    billingPaths.adminResendInvoices,
    {
      config: { rateLimit: perIpLimit(30, '1 minute', messages.registerResendTooMany) },
      schema: { body: resendDocumentInput, response: { 200: resendDocumentResponse } },
    },
    async (request) => {
      const { kind, ...target } = request.body;
      const sent = await resendDocument(deps, requireAdmin(request), target, kind);
      return {
        ok: true as const,
        message: messages.registerResent.replace('{number}', sent.number).replace('{email}', sent.email),
      };
    },
  );
};
