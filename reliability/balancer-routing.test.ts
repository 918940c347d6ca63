import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balancer, startHaproxy } from './support/haproxy';

/**
 * docs/deployment.md's HAProxy configuration, run for real in front of three stand-in processes that
 * say who answered. A tus upload's bytes are on the disk of the process that received them until the
 * upload is finished (then they move into the bucket), so every request of one upload must reach the
 * same process; everything else is spread round robin.
 */
describe("the balancer's routing (docs/deployment.md section 6)", () => {
  const servers: http.Server[] = [];
  let balancer: Balancer;

  beforeAll(async () => {
    const backends: { name: string; port: number }[] = [];
    for (const name of ['shop1', 'shop2', 'shop3']) {
      const server = http.createServer((request, response) => {
        request.resume();
        request.on('end', () => response.writeHead(200, { 'x-served-by': name }).end());
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      backends.push({ name, port: (server.address() as AddressInfo).port });
    }
    balancer = await startHaproxy(backends);
  });
  afterAll(async () => {
    await balancer?.stop();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  const answeredBy = async (method: string, path: string) => {
    const response = await fetch(`${balancer.url}${path}`, {
      method,
      body: method === 'PATCH' || method === 'POST' ? 'bytes' : undefined,
    });
    expect(response.status).toBe(200);
    return response.headers.get('x-served-by') ?? 'nobody';
  };

  it("sends every request of a lesson's video upload (create, ask, append) to one process", async () => {
    for (const lesson of ['lesson-a', 'lesson-b', 'lesson-c', 'lesson-d']) {
      const uploads = `/api/admin/lessons/${lesson}/video/uploads`;
      const seen = new Set<string>();
      seen.add(await answeredBy('POST', uploads));
      for (let chunk = 0; chunk < 4; chunk++) {
        seen.add(await answeredBy('HEAD', `${uploads}/${'f'.repeat(32)}`));
        seen.add(await answeredBy('PATCH', `${uploads}/${'f'.repeat(32)}`));
      }
      expect([...seen]).toHaveLength(1);
    }
  });

  it('spreads every other request over the three processes', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 9; i++) seen.add(await answeredBy('GET', '/api/courses'));
    expect([...seen].sort()).toEqual(['shop1', 'shop2', 'shop3']);
  });
});
