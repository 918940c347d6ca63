import { messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing call that may ride the session cookie must come from one of our
 * own origins. Bearer-authenticated calls and calls without the cookie cannot ride a session.
 * Routes that verify their own signature (webhooks) opt out with `config: { skipOriginCheck: true }`.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if ((request.routeOptions.config as { skipOriginCheck?: boolean }).skipOriginCheck) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (!request.headers.cookie?.includes('token=')) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin && allowed.has(origin)) return;
    return reply.status(403).send({ ok: false, message: messages.forbiddenOrigin });
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    skipOriginCheck?: boolean;
  }
}
