import { Writable } from 'node:stream';
import Fastify, { type FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AccessLog, accessLineWriter, LazyRequestLogger, lazyRequestLogger } from './access-log.js';

function capturedLogger(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('LazyRequestLogger', () => {
  it('makes no child logger for a request that writes nothing, and one, bound to the request id, when it writes', async () => {
    const { logger, lines } = capturedLogger();
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof logger.child;
    const app = Fastify({ loggerInstance: logger, disableRequestLogging: true, childLoggerFactory: lazyRequestLogger });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/loud', async (request) => {
      request.log.info({ detail: 1 }, 'first');
      request.log.warn('second');
      request.log.debug('below the level');
      return { ok: true };
    });
    await app.ready();
    // Fastify makes its own children while starting; from here on, only requests could.
    children = 0;
    await app.inject({ url: '/quiet' });
    expect(children).toBe(0);
    const res = await app.inject({ url: '/loud' });
    expect(res.statusCode).toBe(200);
    expect(children).toBe(1);
    expect(lines.map((line) => [line.msg, line.reqId, line.level])).toEqual([
      ['first', 'req-2', 30],
      ['second', 'req-2', 40],
    ]);
    expect(lines[0]?.detail).toBe(1);
    await app.close();
  });

  it("keeps a route's own log level and the parent's level otherwise", () => {
    const { logger, lines } = capturedLogger('info');
    const quiet = new LazyRequestLogger(logger, { reqId: 'a' }, { level: 'error' });
    expect(quiet.level).toBe('error');
    quiet.warn('dropped');
    quiet.error('kept');
    const plain = new LazyRequestLogger(logger, { reqId: 'b' }, {});
    expect(plain.level).toBe('info');
    plain.child({ part: 'x' }).info('from a grandchild');
    expect(lines.map((line) => [line.msg, line.reqId, line.part])).toEqual([
      ['kept', 'a', undefined],
      ['from a grandchild', 'b', 'x'],
    ]);
  });
});

describe('AccessLog', () => {
  type Line = Record<string, unknown>;
  function completed(log: AccessLog, request: Partial<FastifyRequest>, status = 200) {
    const lines: Line[] = [];
    const reply = { statusCode: status, elapsedTime: 3, log: { info: (line: Line) => lines.push(line) } };
    log.requestCompleted(null, { routeOptions: { config: {} }, ...request } as FastifyRequest, reply as never);
    return lines;
  }
  const save = (completedLesson: boolean) => ({
    method: 'POST',
    url: '/api/learn/c/lessons/l/progress',
    body: { positionSeconds: 10, completed: completedLesson },
    routeOptions: {
      config: { logSampled: (request: FastifyRequest) => (request.body as { completed: boolean }).completed !== true },
    },
  });

  it("samples a route's ordinary writes like reads, and writes every other state change and every failure", () => {
    const log = new AccessLog(10);
    const heartbeats = Array.from({ length: 20 }, () => completed(log, save(false) as never)).flat();
    expect(heartbeats).toHaveLength(2);
    expect(heartbeats[0]).toMatchObject({ method: 'POST', sampled: 10 });
    expect(completed(log, save(true) as never)).toEqual([expect.not.objectContaining({ sampled: expect.anything() })]);
    expect(completed(log, save(false) as never, 403)).toHaveLength(1);
    expect(completed(log, { method: 'POST', url: '/api/cart' })).toHaveLength(1);
  });

  it("writes its own lines only at a level that shows info, and each is the line the request's pino logger writes", () => {
    const written: string[] = [];
    const log = new AccessLog(1, accessLineWriter({ write: (text: string) => written.push(text) }));
    const viaLogger: Line[] = [];
    const request = {
      id: 'req-"7"',
      method: 'GET',
      url: '/api/courses?q="nifty" \u2028 ₹',
      routeOptions: { config: {} },
    };
    const reply = (level: string) => ({
      statusCode: 200,
      elapsedTime: 3.14,
      log: { level, info: (line: Line) => viaLogger.push(line) },
    });
    log.requestCompleted(null, request as never, reply('warn') as never);
    expect(written).toEqual([]);
    expect(viaLogger).toHaveLength(1);
    log.requestCompleted(null, request as never, reply('info') as never);
    expect(viaLogger).toHaveLength(1);
    expect(written).toHaveLength(1);

    // pino's own line for the same request, through the same child logger Fastify would give it.
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        raw.push(String(chunk));
        callback();
      },
    });
    pino({ level: 'info' }, stream).child({ reqId: request.id }).info(viaLogger[0], 'request');
    const ours = JSON.parse(written[0] ?? '');
    const theirs = JSON.parse(raw[0] ?? '');
    expect(written[0]?.endsWith('}\n')).toBe(true);
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect({ ...ours, time: 0 }).toEqual({ ...theirs, time: 0 });
    expect(ours.time).toBeGreaterThanOrEqual(theirs.time - 1000);
  });
});
