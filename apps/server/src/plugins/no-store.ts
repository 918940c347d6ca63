import type { FastifyInstance } from 'fastify';

/**
 * An answer computed for a signed-in caller (profile, cart, orders, every operator screen) is theirs
 * alone: no shared cache may keep it and the browser may not keep it on disk for the next person at
 * a shared computer (ASVS 14.3.2). Keyed once on whether the request's session found a user, so no
 * route has to remember; public answers that never read the session stay cacheable.
 */
export function registerNoStoreForSessions(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
