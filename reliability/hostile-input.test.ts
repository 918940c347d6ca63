import fs from 'node:fs';
import path from 'node:path';
import {
  cartCourseBody,
  changePasswordRequest,
  contactRequest,
  createOrderBody,
  deleteAccountRequest,
  emailLinkRequest,
  forgotPasswordRequest,
  mergeCartBody,
  newsletterRequest,
  newsletterTokenRequest,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
  verifyEmailTokenRequest,
  verifyPaymentBody,
} from '@shop/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RouteEntry } from '../apps/server/src/plugins/route-table';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../apps/server/test/helpers';
import { hostileBody, hostileSegment, hostileValue } from './support/hostile-values';
import { recordTally } from './support/tally';

/**
 * In-process through app.inject() for speed: the whole app, on SQLite, or on PostgreSQL when
 * TEST_DATABASE_URL is set (as `npm run test:reliability` does).
 */
const runs = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 200);

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let origin: string;
let requests = 0;
const secretMarker = `outside-the-web-root-${Date.now()}`;

/** Every table a request could write, except the rate-limit counters, which count refused attempts by design. */
const countedTables = [
  'users',
  'sessions',
  'mail_outbox',
  'contact_messages',
  'newsletter_subscribers',
  'auth_tokens',
  'orders',
  'order_lines',
  'payments',
  'order_events',
  'webhook_events',
  'refunds',
  'sandbox_orders',
  'sandbox_payments',
  'carts',
  'cart_items',
  'coupons',
  'coupon_redemptions',
  'enrolments',
  'courses',
];

async function rowCounts(): Promise<Record<string, number>> {
  const selects = countedTables.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ');
  const { rows } = await sql<Record<string, number | string>>`select ${sql.raw(selects)}`.execute(t.database.db);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
}

const leaks =
  /\n\s+at |node_modules|\/src\/|SQLITE_|sqlite3|syntax error at|relation "|violates|constraint failed|kysely|ReferenceError|TypeError|Cannot read prop/i;

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  signedIn?: boolean;
  /** Whose session `signedIn` uses: the learner unless said. */
  as?: TestUser;
}

/** Sends one request and checks what every answer must satisfy; resolves to the status. */
async function probe(request: Probe): Promise<number> {
  const before = request.method !== 'GET' ? await rowCounts() : null;
  const headers: Record<string, string> = { ...request.headers };
  // Signing out would end the session the other probes use.
  if (request.signedIn && request.url !== '/api/logout') {
    headers.cookie = (request.as ?? user).cookie;
    headers.origin ??= origin;
  }
  requests += 1;
  const res = await t.app.inject({
    method: request.method,
    url: request.url,
    payload: request.payload,
    headers,
    // A new client address each time, so the per-IP limits do not hide the validation behind 429s.
    remoteAddress: `10.${requests % 250}.${Math.floor(requests / 250) % 250}.${(requests * 7) % 250}`,
  });
  const where = `${request.method} ${request.url.slice(0, 120)} -> ${res.statusCode}: ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(leaks.test(res.body), where).toBe(false);
  expect(res.body.includes(secretMarker), where).toBe(false);
  if (before && res.statusCode >= 400) expect(await rowCounts(), `${where} changed stored rows`).toEqual(before);
  return res.statusCode;
}

const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** Field names straight from the shared contracts, as the web app's forms fill them. */
const postContracts: [string, string[]][] = [
  ['/api/signup', Object.keys(signUpRequest.shape)],
  ['/api/signin', Object.keys(signInRequest.shape)],
  ['/api/email', Object.keys(emailLinkRequest.shape)],
  ['/api/verify-email-token', Object.keys(verifyEmailTokenRequest.shape)],
  ['/api/preview-email-token', Object.keys(verifyEmailTokenRequest.shape)],
  ['/api/cart/add', Object.keys(cartCourseBody.shape)],
  ['/api/cart/remove', Object.keys(cartCourseBody.shape)],
  ['/api/cart/merge', Object.keys(mergeCartBody.shape)],
  ['/api/contact', Object.keys(contactRequest.shape)],
  ['/api/newsletter', Object.keys(newsletterRequest.shape)],
  ['/api/newsletter/confirm', Object.keys(newsletterTokenRequest.shape)],
  ['/api/newsletter/unsubscribe', Object.keys(newsletterTokenRequest.shape)],
  ['/api/create-order', Object.keys(createOrderBody.shape)],
  ['/api/verify-payment', Object.keys(verifyPaymentBody.shape)],
  // The sandbox's own body (no shared contract: it is served only in test mode).
  ['/api/sandbox/pay', ['order_id', 'outcome']],
  ['/api/logout', []],
  ['/api/change-password', Object.keys(changePasswordRequest.shape)],
  ['/api/forgot-password', Object.keys(forgotPasswordRequest.shape)],
  ['/api/reset-password', Object.keys(resetPasswordRequest.shape)],
  ['/api/me/newsletter/unsubscribe', []],
  ['/api/me/delete', Object.keys(deleteAccountRequest.shape)],
  ['/api/me/delete/confirm', Object.keys(verifyEmailTokenRequest.shape)],
];
const bodiless = new Set(postContracts.filter(([, fields]) => fields.length === 0).map(([url]) => url));
const postUrls = [...postContracts.map(([url]) => url), '/api/webhooks/razorpay'];

beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(path.dirname(fs.mkdtempSync('/tmp/shop-hostile-')), 'shop-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(path.dirname(webDist), 'secret.txt'), secretMarker);
  t = await createTestApp({ WEB_DIST: webDist });
  user = await createSignedInUser(t.database.db);
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
  origin = new URL(t.config.publicUrl).origin;
  // A cart with a course, so checkout is reached past the empty-cart check.
  const course = await t.database.db.selectFrom('courses').select('id').executeTakeFirst();
  if (course) await probe({ method: 'POST', url: '/api/cart/add', signedIn: true, ...json({ courseId: course.id }) });
});

afterAll(async () => {
  recordTally('hostile-input', { requests });
  await t?.close();
});

describe('generated bodies from the shared contracts', () => {
  for (const [url, fields] of postContracts) {
    test(`POST ${url}: ${runs} hostile bodies, signed in or not`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileBody(fields), fc.boolean(), async (body, signedIn) => {
          await probe({ method: 'POST', url, signedIn, ...json(body) });
        }),
        { numRuns: runs },
      );
    });
  }

  test(`POST /api/webhooks/razorpay: ${runs} hostile payloads and signatures`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(['event', 'payload', 'entity']), hostileValue, async (body, signature) => {
        const status = await probe({
          method: 'POST',
          url: '/api/webhooks/razorpay',
          ...json(body),
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': (JSON.stringify(signature) ?? '').slice(0, 500),
          },
        });
        expect(status).toBe(400);
      }),
      { numRuns: runs },
    );
  });
});

describe('generated paths and queries', () => {
  const shapes: [string, (segment: string) => string, boolean][] = [
    ['course detail', (s) => `/api/courses/${s}`, false],
    ['course search', (s) => `/api/courses?q=${s}`, false],
    ['coupon code', (s) => `/api/coupon/${s}`, true],
    ['course page', (s) => `/course-details/${s}`, false],
    ['verify-email page', (s) => `/verify-email/${s}`, false],
    ['static file', (s) => `/assets/${s}`, false],
    ['google callback', (s) => `/auth/google/callback?code=${s}&state=${s}`, false],
    ['unknown api', (s) => `/api/${s}`, true],
  ];
  for (const [name, urlFor, signedIn] of shapes) {
    test(`GET ${name}: ${runs} hostile values`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileSegment, async (segment) => {
          await probe({ method: 'GET', url: urlFor(segment), signedIn });
        }),
        { numRuns: runs },
      );
    });
  }

  test('path traversal never reads a file outside the web root', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/%252e%252e/secret.txt',
      '/assets/....//....//secret.txt',
      '/assets/%c0%ae%c0%ae/secret.txt',
      '/assets/app.js%00.html',
      '/sandbox/checkout.js/../../secret.txt',
      '/../../../../../../etc/passwd',
      '/assets/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    ];
    for (const url of attempts) {
      await probe({ method: 'GET', url });
      const res = await t.app.inject({ method: 'GET', url });
      requests += 1;
      expect(res.body, url).not.toContain('root:x:0:0');
    }
  });
});

describe('malformed requests', () => {
  test('bad JSON, wrong content types and prototype tricks answer 4xx and store nothing', async () => {
    const badJson = [
      '{',
      '{"email":',
      '{"email": "a@b.c",}',
      "{'email': 'a@b.c'}",
      'undefined',
      'NaN',
      '\u0000',
      '\ufeff{}',
      '{"__proto__": {"role": "admin"}}',
      '{"constructor": {"prototype": {"role": "admin"}}}',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_001)}`,
    ];
    for (const url of postUrls) {
      for (const payload of badJson) {
        const status = await probe({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
          signedIn: true,
        });
        // Calls that take no body (sign-out, leaving the newsletter) may ignore one they can parse.
        if (!bodiless.has(url)) expect(status, `${url} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      }
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]) {
        await probe({
          method: 'POST',
          url,
          payload: 'email=a%40b.c',
          headers: { 'content-type': type },
          signedIn: true,
        });
      }
    }
  });

  test('NUL and other control characters inside otherwise valid fields answer 4xx or succeed, never 5xx', async () => {
    const nul = 'Ni\u0000ce \u0007 text\u001b[31m';
    const bodies: [string, unknown][] = [
      ['/api/contact', { user_name: nul, user_email: 'nul@example.com', message: `${nul} long enough message` }],
      ['/api/contact', { user_name: 'Nul', user_email: 'nul@example.com', message: `long enough ${nul}`, web: nul }],
      ['/api/newsletter', { email: `nul\u0000@example.com` }],
      [
        '/api/signup',
        { username: nul, email: 'nul2@example.com', password: `pass${nul}word`, cpassword: `pass${nul}word` },
      ],
      [
        '/api/signup',
        { username: 'nul user', email: 'nul3@example.com', password: `pass${nul}word`, cpassword: `pass${nul}word` },
      ],
      ['/api/signin', { email: 'nul3@example.com', password: `pass${nul}word` }],
      ['/api/verify-email-token', { token: nul }],
      ['/api/create-order', { amount: 1, name: nul, email: 'nul@example.com' }],
      ['/api/verify-payment', { razorpay_order_id: nul, razorpay_payment_id: nul, razorpay_signature: nul }],
      ['/api/sandbox/pay', { order_id: nul, outcome: 'captured' }],
    ];
    for (const [url, body] of bodies) await probe({ method: 'POST', url, signedIn: true, ...json(body) });
    for (const url of ['/api/courses?q=%00', '/api/coupon/WELCOME10%00', '/api/courses/%00', '/course-details/%00']) {
      await probe({ method: 'GET', url, signedIn: true });
    }
  });

  test('10 MB bodies are refused with 413 on every POST endpoint', async () => {
    const huge = Buffer.from(JSON.stringify({ email: 'a@b.c', message: 'x'.repeat(10 * 1024 * 1024) }));
    for (const url of postUrls) {
      const status = await probe({
        method: 'POST',
        url,
        payload: huge,
        headers: { 'content-type': 'application/json' },
        signedIn: true,
      });
      expect(status, url).toBe(413);
    }
  });

  test('a session cookie from another origin is refused on every POST endpoint', async () => {
    // The webhook and the newsletter's one-click unsubscribe (RFC 8058: mail providers post it from their own
    // pages and servers) carry their own proof, a signature or a token, and take no session.
    const ownProof = (url: string) => url.includes('webhooks') || url === '/api/newsletter/unsubscribe';
    for (const url of postUrls.filter((url) => !ownProof(url) && url !== '/api/logout')) {
      const status = await probe({
        method: 'POST',
        url,
        ...json({}),
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        signedIn: true,
      });
      expect(status, url).toBe(403);
    }
  });
});

/**
 * Every route the server registers (Fastify's `onRoute`, apps/server/src/plugins/route-table.ts), the
 * console's included, each called by a visitor, a learner and an admin with hostile path parameters and
 * bodies. A new endpoint cannot be left out: it is in the table the moment it is registered.
 */
describe('every registered route', () => {
  const routeRuns = Number(process.env.RELIABILITY_ROUTE_RUNS ?? 12);
  // Sign-out and account deletion would end the sessions the other probes use; each has its own probes above.
  const ownSession = new Set(['/api/logout', '/api/me/delete', '/api/me/delete/confirm']);
  const routes = () => t.app.routeTable.filter((route) => !ownSession.has(route.url));
  const urlWith = (route: RouteEntry, segment: string) =>
    route.url.replace(/:[A-Za-z]+/g, segment).replace(/\*$/, segment);

  test('the table holds every kind of route: the console, path parameters, and each method', () => {
    const table = t.app.routeTable;
    expect(table.length).toBeGreaterThan(80);
    expect(table.some((route) => route.url.startsWith('/api/admin/'))).toBe(true);
    expect(new Set(table.map((route) => route.method))).toEqual(new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(table.find((route) => route.url === '/api/create-order' && route.method === 'POST')?.bodyFields).toEqual(
      Object.keys(createOrderBody.shape),
    );
  });

  for (const role of ['visitor', 'learner', 'admin'] as const) {
    test(`as ${role === 'admin' ? 'an' : 'a'} ${role}: ${routeRuns} hostile requests on each route`, async () => {
      const as = role === 'admin' ? admin : user;
      const statuses = new Map<string, number>();
      for (const route of routes()) {
        const method = route.method as Probe['method'];
        await fc.assert(
          fc.asyncProperty(hostileSegment, hostileBody(route.bodyFields), async (segment, body) => {
            const status = await probe({
              method,
              url: urlWith(route, segment),
              signedIn: role !== 'visitor',
              as,
              ...(method === 'GET' || method === 'DELETE' ? {} : json(body)),
            });
            const key = `${route.url.startsWith('/api/admin/') ? 'console' : 'shop'} ${status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            // The console answers only its operators.
            if (role !== 'admin' && route.url.startsWith('/api/admin/')) {
              expect(status, `${method} ${route.url} as a ${role}`).toBeGreaterThanOrEqual(400);
            }
          }),
          { numRuns: routeRuns },
        );
      }
      console.info(role, Object.fromEntries([...statuses].sort()));
      // The walk reached the handlers: some calls got past validation, and the console let its operator in.
      expect([...statuses.keys()].some((key) => /^shop 2\d\d$/.test(key))).toBe(true);
      if (role === 'admin')
        expect([...statuses.keys()].some((key) => /^console (2\d\d|400|404|409)$/.test(key))).toBe(true);
      else expect([...statuses.keys()].filter((key) => /^console 2/.test(key))).toEqual([]);
    }, 600_000);
  }
});
