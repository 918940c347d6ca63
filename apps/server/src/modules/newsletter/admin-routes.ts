import { messages, newsletterPaths, newsletterSendInput, newsletterSendResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { sendNewsletter } from './send-newsletter.js';

/** The operator's newsletter call, inside the admin scope (role checked first). */
export const newsletterAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    newsletterPaths.adminSend,
    { schema: { body: newsletterSendInput, response: { 200: newsletterSendResponse } } },
    async (request) => {
      const count = await sendNewsletter(deps, requireAdmin(request), request.body);
      return { ok: true as const, queued: count, message: messages.newsletterSent.replace('{count}', String(count)) };
    },
  );
};
