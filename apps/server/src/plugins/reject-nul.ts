import { messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: a query or insert carrying one fails inside the driver
 * (a 500). No field of this shop has a use for it, so any request that carries one is refused up front.
 */
export function registerRejectNul(app: FastifyInstance): void {
  // Callback style, not async: the common request holding no NUL costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    // The path's parameters and the query string are decoded from the URL, where a NUL can only arrive
    // as %00: a URL without it needs no walk through them (the catalogue's reads are the common case).
    const urlMayHoldNul = request.url.includes('%00');
    if ((urlMayHoldNul && (holdsNul(request.params) || holdsNul(request.query))) || holdsNul(request.body)) {
      return done(new AppError('bad_request', messages.invalidRequest));
    }
    done();
  });
}
