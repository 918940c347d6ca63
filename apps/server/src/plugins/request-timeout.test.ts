import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

const TIMEOUT_MS = 600;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t?.close();
});

interface SlowClient {
  /** Milliseconds from connecting until the server closed the socket, or null while it is open. */
  closedAfter(): number | null;
  received(): string;
  stop(): void;
}

/** A raw socket that sends complete headers, then one byte of the declared body every 100 ms. */
function slowBody(path: string, contentType: string, declaredBytes: number): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = performance.now();
    let closedAt: number | null = null;
    let received = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => {
      closedAt = performance.now();
      clearInterval(drip);
    });
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${declaredBytes}\r\n\r\n`,
      );
      drip = setInterval(() => socket.write('x'), 100);
      resolve({
        closedAfter: () => (closedAt === null ? null : closedAt - started),
        received: () => received,
        stop: () => socket.destroy(),
      });
    });
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a client that trickles its request body', () => {
  it('gets 408 and its connection closed once the request timeout has passed', async () => {
    const client = await slowBody('/api/contact', 'application/json', 100_000);
    await expect.poll(client.closedAfter, { timeout: 5000, interval: 50 }).not.toBeNull();
    expect(client.closedAfter()).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is given longer on an upload route, in proportion to the size it declares', async () => {
    // 1 MiB + 128 KiB declared: 128 KiB over the base at 64 KiB/s, 2 s more than the base timeout.
    const client = await slowBody(
      `/api/admin/courses/${'a'.repeat(24)}/files?name=notes.pdf`,
      'application/pdf',
      1024 * 1024 + 128 * 1024,
    );
    await sleep(TIMEOUT_MS * 3);
    expect(client.closedAfter()).toBeNull();
    await expect.poll(client.closedAfter, { timeout: 5000, interval: 50 }).not.toBeNull();
    expect(client.closedAfter()).toBeGreaterThanOrEqual(TIMEOUT_MS + 2000 - 50);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves a request that arrives in time alone, and the server keeps serving', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'Asha', user_email: 'asha@example.com', message: 'A question in time.' }),
    });
    expect(res.status).toBe(200);
  });
});
