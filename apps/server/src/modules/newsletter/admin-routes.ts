import { messages, newsletterPaths } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { sendNewsletter } from './send-newsletter.js';

/** The operator's newsletter call, inside the admin scope (role checked first). */
export const newsletterAdminRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.post(newsletterPaths.adminSend, async (request) => {
    const count = await sendNewsletter(deps, requireAdmin(request), request.body);
    return { ok: true as const, queued: count, message: messages.newsletterSent.replace('{count}', String(count)) };
  });
};
