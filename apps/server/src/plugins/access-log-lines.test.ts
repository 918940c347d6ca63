import { Writable } from 'node:stream';
import Fastify, { type FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AccessLog } from './access-log.js';

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

  it("writes each line through the request's own pino logger, bound to the request id", async () => {
    const { logger, lines } = capturedLogger();
    const app = Fastify({ loggerInstance: logger, logController: new AccessLog(1) });
    app.get('/api/courses', async () => ({ ok: true }));
    await app.ready();
    const res = await app.inject({ url: '/api/courses?q="nifty" \u2028 ₹' });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-1', method: 'GET', status: 200, msg: 'request' }),
    ]);
    expect(lines[0]?.url).toBe('/api/courses?q=%22nifty%22%20%E2%80%A8%20%E2%82%B9');
    await app.close();
  });
});
