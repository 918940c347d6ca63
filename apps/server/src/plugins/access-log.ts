import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/** A read slower than this is always logged, sampled or not. */
const SLOW_MS = 500;

/**
 * One access line per request (method, url, status, ms) where Fastify writes two ('incoming request'
 * and 'request completed', each with the whole request or reply serialised). Failed requests keep
 * their error. Every state change (any method but GET and HEAD), every answer of 400 or more and every
 * slow read is written; of the ordinary successful reads, one in `sample` (ACCESS_LOG_SAMPLE, 10 by
 * default), marked `sampled: N` so that a reader knows the line stands for N (decision 0017).
 * A route may count a successful write as ordinary too (`config.logSampled`): the player's position
 * save, sent every 10 s by every playing learner, is a heartbeat rather than an event worth a line each;
 * a save that completes a lesson is still written. Lines go through the request's pino logger.
 */
export class AccessLog extends LogController {
  #reads = 0;

  constructor(private readonly sample: number) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line: AccessLine = { method: request.method, url: request.url, status: reply.statusCode, ms };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const ordinary =
      (request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.logSampled?.(request)) &&
      reply.statusCode < 400 &&
      ms < SLOW_MS;
    if (ordinary && this.sample !== 1) {
      this.#reads = (this.#reads + 1) % this.sample;
      if (this.#reads !== 1) return;
      line.sampled = this.sample;
    }
    reply.log.info(line, 'request');
  }
}

export interface AccessLine {
  method: string;
  url: string;
  status: number;
  ms: number;
  sampled?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether this successful request is sampled in the access log like an ordinary read. */
    logSampled?: (request: FastifyRequest) => boolean;
  }
}

let destination: ReturnType<typeof pino.destination> | undefined;

/**
 * The process's log output: standard output, buffered in 4 KB and written asynchronously, so a
 * request never waits for a write to the terminal, pipe or file (pino's synchronous default cost the
 * shop half its throughput at the default LOG_LEVEL=info). A quiet shop's lines are written at least
 * once a second; pino's asynchronous destination writes whatever is buffered when the process exits,
 * normally, on a signal's exit or on a fatal error. One per process, however many apps it builds.
 */
export function logDestination(): ReturnType<typeof pino.destination> {
  if (destination) return destination;
  const stream = pino.destination({ dest: 1, minLength: 4096, sync: false });
  setInterval(() => stream.flush(), 1000).unref();
  destination = stream;
  return stream;
}

/** Writes what the log has buffered now (after start-up, say, so its lines show at once). */
export function flushLog(): void {
  destination?.flush();
}
