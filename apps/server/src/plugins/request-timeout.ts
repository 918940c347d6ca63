import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Bodies up to this size must arrive within the base timeout; the JSON routes' limit is 1 MiB. */
const BASE_BODY_BYTES = 1024 * 1024;
/** Beyond that, an upload gets one more second per 64 KiB declared: a 50 MB course file, about 13 minutes. */
const UPLOAD_BYTES_PER_MS = 64;
/**
 * The process-wide ceiling (Node's `requestTimeout`) for whatever the hook below does not time: longer
 * than any upload's budget, so it only ever ends a request nothing else would.
 */
export const REQUEST_CEILING_MS = 30 * 60 * 1000;

/**
 * A slow client may not hold a connection open by trickling its body (300 sockets sending a byte
 * every 5 s stayed open forever with Fastify's default of no timeout). A request's headers and body
 * must arrive within `timeoutMs`; a declared body over 1 MiB gets time in proportion to its size, so
 * only the upload routes (the others refuse such a body with 413 before reading it) wait longer.
 * When time is up the client gets a 408 and the connection is closed, as Node does for its own timeout.
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const declared = Number(raw.headers['content-length'] ?? 0);
    if (raw.complete || (!(declared > 0) && raw.headers['transfer-encoding'] === undefined)) return done();
    // app.inject()'s requests have no network socket to hold open.
    if (!(raw.socket instanceof Socket)) return done();
    const budget = timeoutMs + Math.max(0, declared - BASE_BODY_BYTES) / UPLOAD_BYTES_PER_MS;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      const socket = raw.socket;
      request.log.info({ declared, budget }, 'request body too slow: connection closed');
      if (!reply.raw.headersSent && socket.writable) {
        socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      }
      socket.destroySoon();
    }, budget);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
