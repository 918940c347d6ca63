import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, courseForm } from '../../test/admin-test-client.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/helpers.js';

let fake: FakeRazorpay;
let t: TestApp;
let courseId: string;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({
    PUBLIC_URL: 'http://localhost:3000',
    CORS_ORIGINS: 'https://app.tradeskool.test',
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_URL: fake.url,
  });
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  courseId = (await callAs(t, admin)('POST', '/api/admin/courses', courseForm())).json().course.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const signIn = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signin',
    headers,
    payload: { email: 'nobody@example.com', password: 'not-the-password' },
  });

describe('a state-changing request from a page that is not ours', () => {
  it('is refused with 403 without any cookie (login CSRF: a cookieless sign-in from evil.example)', async () => {
    const res = await signIn({ origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ok: false, message: messages.forbiddenOrigin });
  });

  it('is refused when only the Referer names the foreign page', async () => {
    expect((await signIn({ referer: 'http://evil.example/attack.html' })).statusCode).toBe(403);
  });

  it('is refused from an opaque origin (a sandboxed frame sends Origin: null)', async () => {
    expect((await signIn({ origin: 'null' })).statusCode).toBe(403);
  });

  it('is refused with the session cookie too, and the cart stays as it was', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { cookie: user.cookie, origin: 'http://evil.example', host: '127.0.0.1:3000' },
      payload: { courseId },
    });
    expect(res.statusCode).toBe(403);
    const cart = await t.app.inject({ url: '/api/cart', headers: { cookie: user.cookie } });
    expect(cart.json().cart?.courses ?? []).toEqual([]);
  });

  it('cannot pass as ours through X-Forwarded-Host or -Proto while TRUST_PROXY is off', async () => {
    const res = await signIn({
      host: 'localhost:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a state-changing request from one of our own pages', () => {
  it('passes from PUBLIC_URL and from each CORS_ORIGINS entry', async () => {
    expect((await signIn({ origin: 'http://localhost:3000' })).statusCode).not.toBe(403);
    expect((await signIn({ referer: 'http://localhost:3000/login?next=/cart' })).statusCode).not.toBe(403);
    expect((await signIn({ origin: 'https://app.tradeskool.test' })).statusCode).not.toBe(403);
  });

  it('passes from the origin the browser addressed (the shop opened as 127.0.0.1 while PUBLIC_URL says localhost)', async () => {
    const user = await createSignedInUser(t.database.db);
    const browser = { cookie: user.cookie, host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' };
    const added = await t.app.inject({ method: 'POST', url: '/api/cart/add', headers: browser, payload: { courseId } });
    expect(added.statusCode).toBe(200);
    const loggedOut = await t.app.inject({ method: 'POST', url: '/api/logout', headers: browser });
    expect(loggedOut.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
    expect(profile.json().ok).toBe(false);
  });

  it('passes from www when the request was addressed to www, but not from a look-alike on another port', async () => {
    const headers = { host: 'www.tradeskool.test' };
    expect((await signIn({ ...headers, origin: 'http://www.tradeskool.test' })).statusCode).not.toBe(403);
    expect((await signIn({ ...headers, origin: 'http://www.tradeskool.test:8080' })).statusCode).toBe(403);
    expect((await signIn({ ...headers, origin: 'https://www.tradeskool.test' })).statusCode).toBe(403);
  });

  it('passes without Origin or Referer (curl, a server): no browser page sent it', async () => {
    expect((await signIn({})).statusCode).toBe(401);
  });

  it('is refused without Origin or Referer when it carries the session cookie; a Bearer call passes', async () => {
    const user = await createSignedInUser(t.database.db);
    const hidden = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(hidden.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).json().ok).toBe(true);
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(bearer.statusCode).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  it('takes the scheme and host the proxy reports once TRUST_PROXY says so', async () => {
    const proxied = await createTestApp({ PUBLIC_URL: 'https://tradeskool.test', TRUST_PROXY: 'loopback' });
    try {
      const call = (origin: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/signin',
          remoteAddress: '127.0.0.1',
          headers: {
            host: '127.0.0.1:3000',
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'www.tradeskool.test',
            origin,
          },
          payload: { email: 'nobody@example.com', password: 'not-the-password' },
        });
      expect((await call('https://www.tradeskool.test')).statusCode).toBe(401);
      expect((await call('http://127.0.0.1:3000')).statusCode).toBe(403);
      expect((await call('https://evil.example')).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('the Razorpay webhook', () => {
  it('is served without Origin: Razorpay calls server to server and signs the body instead', async () => {
    const hook = fake.webhook('payment.failed', {
      payment: { id: 'pay_origin1', order_id: 'order_unknown', status: 'failed', amount: 100 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: hook.headers,
      payload: hook.body,
    });
    expect(res.statusCode).toBe(200);
  });
});
