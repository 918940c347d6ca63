import { messages } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence, login CSRF included: a state-changing call whose Origin (or, failing that, Referer)
 * names a page that is not ours is refused, whether or not it carries the session cookie. Ours are
 * PUBLIC_URL, CORS_ORIGINS and the origin the request was addressed to (scheme + Host, or the proxy's
 * X-Forwarded-Proto/Host when TRUST_PROXY trusts it), so a shop opened as http://127.0.0.1:3000 or on
 * www and apex works. A call without either header comes from no web page (curl, a server), unless
 * it carries the session cookie: browsers send Origin on every POST, so a cookie without it is a
 * browser or extension hiding where the call came from, and it is refused (security.md: a state
 * change must carry an allowed Origin or a Bearer header). A Bearer call is not CSRF: a foreign page
 * can only send that header after a CORS preflight, which we never grant.
 * Routes that verify their own signature (webhooks) opt out with `config: { skipOriginCheck: true }`.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  // Callback style, not async: a read passes without a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.routeOptions.config.skipOriginCheck) return done();
    if (request.headers.authorization?.startsWith('Bearer ')) return done();
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    const ours =
      origin === undefined
        ? !request.cookies[SESSION_COOKIE]
        : allowed.has(origin) || origin === addressedOrigin(request);
    if (ours) return done();
    reply.status(403).send({ ok: false, message: messages.forbiddenOrigin });
  });
}

/** An unparsable Referer counts as foreign: the browser sent it, so some page did. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  return URL.canParse(referer) ? new URL(referer).origin : 'null';
}

/** The origin the browser addressed: `request.protocol` and `request.host` read the proxy's headers only when trusted. */
function addressedOrigin(request: FastifyRequest): string | undefined {
  const address = `${request.protocol}://${request.host}`;
  return URL.canParse(address) ? new URL(address).origin : undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    skipOriginCheck?: boolean;
  }
}
