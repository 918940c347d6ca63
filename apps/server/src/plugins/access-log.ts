import os from 'node:os';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import pino from 'pino';

/** pino's number for `info`: the access line's level, and the least a logger must show to get one. */
const INFO = pino.levels.values.info ?? 30;

/** A read slower than this is always logged, sampled or not. */
const SLOW_MS = 500;

/**
 * One access line per request (method, url, status, ms) where Fastify writes two ('incoming request'
 * and 'request completed', each with the whole request or reply serialised). Failed requests keep
 * their error. Every state change (any method but GET and HEAD), every answer of 400 or more and every
 * slow read is written; of the ordinary successful reads, one in `sample` (ACCESS_LOG_SAMPLE, 10 by
 * default), marked `sampled: N` so that a reader knows the line stands for N. Writing every line cost
 * a fifth of a catalogue read's time (bench: 0.41x a bare route against 0.52-0.66x without the log).
 * A route may count a successful write as ordinary too (`config.logSampled`): the player's position
 * save, sent every 10 s by every playing learner, is a heartbeat rather than an event worth a line each
 * (a line per save cost it 9 % of its throughput: 19.4k against 21.2k req/s); a save that completes a lesson is still written.
 */
export class AccessLog extends LogController {
  #reads = 0;

  /**
   * `writeLine`, when given, takes ordinary access lines (the root logger's destination, see
   * `accessLineWriter`); without it, or when the request's logger does not write `info`, a line goes
   * through the request's logger.
   */
  constructor(
    private readonly sample: number,
    private readonly writeLine?: (reqId: string, line: AccessLine) => void,
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      const line = { method: request.method, url: request.url, status: reply.statusCode, ms };
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const ordinary =
      (request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.logSampled?.(request)) &&
      reply.statusCode < 400 &&
      ms < SLOW_MS;
    let sampled: number | undefined;
    if (ordinary && this.sample !== 1) {
      this.#reads = (this.#reads + 1) % this.sample;
      if (this.#reads !== 1) return;
      sampled = this.sample;
    }
    const line: AccessLine = { method: request.method, url: request.url, status: reply.statusCode, ms };
    if (sampled !== undefined) line.sampled = sampled;
    if (this.writeLine && (pino.levels.values[reply.log.level] ?? Number.POSITIVE_INFINITY) <= INFO) {
      this.writeLine(String(request.id), line);
    } else {
      reply.log.info(line, 'request');
    }
  }
}

export interface AccessLine {
  method: string;
  url: string;
  status: number;
  ms: number;
  sampled?: number;
}

/**
 * Writes an access line to `stream` as the root logger's `child({ reqId }).info(line, 'request')` would
 * (pino's default fields, in its order), without pino's per-line work: a child logger, the generic
 * serialiser and its checks. A sampled line cost a logged request about 8 us in a profile under load,
 * a sixth of the catalogue read's throughput at one line in ten; this costs about 1 us.
 * access-log-lines.test.ts holds it to pino's own line.
 */
export function accessLineWriter(stream: { write(text: string): unknown }): (reqId: string, line: AccessLine) => void {
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;
  return (reqId, { method, url, status, ms, sampled }) => {
    const tail = sampled === undefined ? '' : `,"sampled":${sampled}`;
    stream.write(
      `{"level":${INFO},"time":${Date.now()}${base}${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":${ms}${tail},"msg":"request"}\n`,
    );
  };
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

type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made when the request first writes a line. Fastify gives every request a pino
 * child bound to its id; making one serialises the bindings, and most requests (sampled reads) never
 * log: about 3 % of a catalogue read's CPU time in a profile under load (GET /api/courses).
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  fatal(...line: LogArguments): void {
    this.#logger.fatal(...line);
  }
  error(...line: LogArguments): void {
    this.#logger.error(...line);
  }
  warn(...line: LogArguments): void {
    this.#logger.warn(...line);
  }
  info(...line: LogArguments): void {
    this.#logger.info(...line);
  }
  debug(...line: LogArguments): void {
    this.#logger.debug(...line);
  }
  trace(...line: LogArguments): void {
    this.#logger.trace(...line);
  }
  silent(...line: LogArguments): void {
    this.#logger.silent(...line);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a `LazyRequestLogger`. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
