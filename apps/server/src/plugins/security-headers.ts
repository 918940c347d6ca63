import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './api-path.js';

/**
 * helmet's headers for these options, worked out once. The policy is the same for every response (no
 * per-request nonces), so there is nothing to compute per request; @fastify/helmet rebuilt the whole
 * helmet middleware on every request, which cost more than serving a cached catalogue answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

const API_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * The headers of an API answer (JSON, a file, a video segment): never a document, so nothing may load,
 * run or frame it (OWASP REST Security Cheat Sheet: `default-src 'none'; frame-ancestors 'none'`), and
 * the headers only a rendered page reads (COOP, Origin-Agent-Cluster, X-XSS-Protection, DNS prefetch,
 * X-Download-Options) are left off. Sending the page's whole set on every catalogue read cost it about
 * 6 % of its throughput (GET /api/courses, 0.47x against 0.50x a bare route in interleaved rounds).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
  ];
  const headers: Record<string, string> = { 'content-security-policy': API_POLICY };
  for (const name of kept) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * Sends the security headers on every response: to pages and static files the page's set (CSP, HSTS
 * behind https, frame-ancestors, referrer policy, ...), to the API's (`isApiPath`) `apiSecurityHeaders`.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const api = apiSecurityHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : headers);
    done();
  });
}
