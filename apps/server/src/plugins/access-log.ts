import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * One access line per request (method, url, status, ms) where Fastify writes two ('incoming request'
 * and 'request completed', each with the whole request or reply serialised). Failed requests keep
 * their error.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
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
