import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';
import { waitUntilAnswering } from '../../test/processes.js';
import { spawnShop } from '../../test/shop-process.js';
import { useTestApp } from '../../test/use-test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids behind a trusted proxy (TRUST_PROXY=true)', () => {
  const t = useTestApp(() => createTestApp({ TRUST_PROXY: 'true' }));

  it("takes the load balancer's X-Request-Id and sends it back", async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'haproxy-0A1B:2c3d.9' } });
    expect(res.headers['x-request-id']).toBe('haproxy-0A1B:2c3d.9');
  });

  it('makes its own for an id that is too long or carries unsafe characters', async () => {
    for (const offered of ['x'.repeat(65), 'a b', 'id"}\n{"level":60', '../../etc', '']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': offered } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('request ids without a trusted proxy', () => {
  const t = useTestApp(() => createTestApp({ TRUST_PROXY: 'false' }));

  it("ignores a client's X-Request-Id and answers a new id for every request, errors included", async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    const other = await t.app.inject({ url: '/api/no-such-endpoint' });
    expect(other.statusCode).toBe(404);
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });
});

describe('request ids when TRUST_PROXY lists the proxies', () => {
  it('believes only a listed peer', async () => {
    const listed = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    const other = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const headers = { 'x-request-id': 'from-the-proxy' };
      // inject() connects from 127.0.0.1.
      expect((await listed.app.inject({ url: '/api/health', headers })).headers['x-request-id']).toBe('from-the-proxy');
      expect((await other.app.inject({ url: '/api/health', headers })).headers['x-request-id']).toMatch(UUID);
    } finally {
      await listed.close();
      await other.close();
    }
  });
});

describe('request ids in the JSON log', () => {
  it("every line a request writes carries the proxy's id as reqId", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reqid-'));
    const shop = await spawnShop(dataDir, { TRUST_PROXY: 'loopback', ACCESS_LOG_SAMPLE: '1' });
    try {
      await waitUntilAnswering(`${shop.url}/api/health`, shop.child, { log: shop.output });
      for (const [url, id] of [
        ['/api/courses', 'lb-courses'],
        ['/api/no-such-endpoint', 'lb-missing'],
      ]) {
        const res = await fetch(`${shop.url}${url}`, { headers: { 'x-request-id': id ?? '' } });
        expect(res.headers.get('x-request-id')).toBe(id);
      }
      const requestLines = () =>
        shop
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { url?: string; reqId?: string })
          .filter((line) => line.url === '/api/courses' || line.url === '/api/no-such-endpoint');
      await expect.poll(() => requestLines().length, { timeout: 10_000 }).toBe(2);
      expect(requestLines().map((line) => line.reqId)).toEqual(['lb-courses', 'lb-missing']);
    } finally {
      shop.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
