import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

// Fastify's own parser of TRUST_PROXY's address list, loaded from where Fastify finds it, so that
// "which peer is a trusted proxy" is answered here exactly as it is for X-Forwarded-For.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const proxyAddr = fromFastify('@fastify/proxy-addr') as {
  compile(list: string[]): (address: string, hop: number) => boolean;
};

/** What a load balancer's id may look like: short, and nothing a log reader or a header could trip on. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy (TRUST_PROXY) sends, when it looks like an
 * id, so one request has one id from HAProxy's log to ours; otherwise a new random one. From anyone
 * else the header is ignored: a client must not choose the id that other requests' lines carry.
 */
export function requestIdGenerator(trustProxy: boolean | string): (request: IncomingMessage) => string {
  const trusted =
    typeof trustProxy === 'string'
      ? proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()))
      : () => trustProxy;
  return (request) => {
    const offered = request.headers['x-request-id'];
    const peer = request.socket?.remoteAddress ?? '';
    if (typeof offered === 'string' && REQUEST_ID.test(offered) && trusted(peer, 0)) return offered;
    return randomUUID();
  };
}

/** Every answer names its request's id (`X-Request-Id`), the id its log lines carry as `reqId`. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
