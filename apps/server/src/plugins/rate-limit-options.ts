import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../errors.js';

/**
 * A per-route limit per client IP (@fastify/rate-limit is registered with `global: false`); the 429 carries
 * a message that tells the user what to do instead of the plugin's generic text.
 */
export function perIpLimit(max: number, timeWindow: string, message: string): RateLimitOptions {
  return { max, timeWindow, errorResponseBuilder: () => new AppError('too_many_requests', message) };
}
