import { billingPaths, gstr1Query, invoiceRegisterQuery, messages, resendDocumentInput } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../parse-input.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { writeGstr1Csv } from './gstr1-csv.js';
import { gstr1Table } from './gstr1-sections.js';
import { documentsOfMonth, listRegister } from './register-documents.js';
import { resendDocument } from './register-resend.js';

/**
 * The operator's invoice register and GSTR-1 exports (issue 16). Every route in this scope checks the
 * admin role first (401 for visitors, 403 for learners), as the console's other routes do; inputs are
 * parsed after that check, so a visitor learns nothing about them.
 */
export const registerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', async (request) => {
    requireAdmin(request);
  });

  app.get(billingPaths.adminInvoices, async (request) => {
    const { month, q } = parseInput(invoiceRegisterQuery, request.query);
    return { ok: true as const, register: await listRegister(deps.db, month, q) };
  });

  app.get(billingPaths.adminGstr1, async (request, reply) => {
    const { month, section } = parseInput(gstr1Query, request.query);
    const table = gstr1Table(await documentsOfMonth(deps.db, month), section);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gstr1-${section}-${month}.csv"`)
      .header('cache-control', 'no-store')
      .send(writeGstr1Csv(table.header, table.rows));
  });

  app.post(
    billingPaths.adminResendInvoices,
    { config: { rateLimit: perIpLimit(30, '1 minute', messages.registerResendTooMany) } },
    async (request) => {
      const { orderId, kind } = parseInput(resendDocumentInput, request.body);
      const sent = await resendDocument(deps, requireAdmin(request), orderId, kind);
      return {
        ok: true as const,
        message: messages.registerResent.replace('{number}', sent.number).replace('{email}', sent.email),
      };
    },
  );
};
