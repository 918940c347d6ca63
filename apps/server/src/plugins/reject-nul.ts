import { messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((item) => holdsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold a NUL character: a query or insert carrying one fails inside the driver
 * (a 500). No field of this shop has a use for it, so any request that carries one is refused up front.
 */
export function registerRejectNul(app: FastifyInstance): void {
  // Callback style, not async: the common request holding no NUL costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      return done(new AppError('bad_request', messages.invalidRequest));
    }
    done();
  });
}
