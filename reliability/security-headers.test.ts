import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientRoutePatterns } from '@shop/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../apps/server/src/seed/seed';
import { createSignedInUser, createTestApp, type TestApp } from '../apps/server/test/helpers';
import { recordTally } from './support/tally';

let requests = 0;
const apps: TestApp[] = [];

afterAll(async () => {
  recordTally('security-headers', { requests });
  for (const t of apps) await t.close();
});

function builtWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-headers-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  return dir;
}

/** Every page route of the web app with its parameters filled in, and API answers of every kind. */
async function urlsToCheck(t: TestApp): Promise<string[]> {
  const course = await t.database.db.selectFrom('courses').select('id').executeTakeFirstOrThrow();
  const pages = clientRoutePatterns.map((pattern) =>
    pattern.replace(':id', course.id).replace(':token', 'some-token').replace('/*', '/orders'),
  );
  return [
    ...pages,
    '/no-such-page',
    '/api/health',
    '/api/courses',
    `/api/courses/${course.id}`,
    '/api/courses/not-an-id',
    '/api/profile',
    '/api/cart',
    '/api/no-such-endpoint',
    '/auth/logout',
  ];
}

describe.each([
  ['http', 'http://shop.example'],
  ['https', 'https://shop.example'],
])('behind %s', (scheme, publicUrl) => {
  test("every page carries the page's CSP, every API answer one that lets nothing load or frame it; all a referrer policy and nosniff; HSTS only on https", async () => {
    const t = await createTestApp({ PUBLIC_URL: publicUrl, WEB_DIST: builtWebApp() });
    apps.push(t);
    // Seeded by the server at start-up; the in-process app starts from an empty catalogue.
    await seedDemo(t.database.db);
    const urls = await urlsToCheck(t);
    expect(urls.length).toBeGreaterThan(clientRoutePatterns.length);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      requests += 1;
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = String(res.headers['content-security-policy'] ?? '');
      const api = url.startsWith('/api/') || url.startsWith('/auth/');
      expect(csp, url).toContain("frame-ancestors 'none'");
      if (api) {
        expect(csp, url).toBe("default-src 'none';frame-ancestors 'none'");
        expect(res.headers['x-xss-protection'], url).toBeUndefined();
      } else {
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("object-src 'none'");
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      if (scheme === 'https') {
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=(\d{8,}|3[1-9]\d{6})/);
        if (!api) expect(csp, url).toContain('upgrade-insecure-requests');
      } else {
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
      }
    }
  });
});

describe('answers that used the session', () => {
  test('every API answer to a signed-in learner or operator says Cache-Control: no-store; the public catalogue does not', async () => {
    const t = await createTestApp({ WEB_DIST: builtWebApp() });
    apps.push(t);
    await seedDemo(t.database.db);
    const course = await t.database.db.selectFrom('courses').select('id').executeTakeFirstOrThrow();
    const learner = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const signedIn: [string, string[]][] = [
      [learner.cookie, ['/api/profile', '/api/cart', '/api/enrolled-courses']],
      [
        admin.cookie,
        [
          '/api/profile',
          '/api/admin/dashboard',
          '/api/admin/orders',
          '/api/admin/orders.csv',
          '/api/admin/learners',
          `/api/admin/learners/${learner.id}`,
          '/api/admin/courses',
          `/api/admin/courses/${course.id}`,
          `/api/admin/courses/${course.id}/files`,
          '/api/admin/coupons',
          '/api/admin/messages',
          '/api/admin/subscribers.csv',
          '/api/admin/audit',
        ],
      ],
    ];
    for (const [cookie, urls] of signedIn) {
      for (const url of urls) {
        const res = await t.app.inject({ url, headers: { cookie } });
        requests += 1;
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toContain('no-store');
      }
    }
    for (const url of ['/api/courses', `/api/courses/${course.id}`]) {
      const res = await t.app.inject({ url, headers: { cookie: learner.cookie } });
      requests += 1;
      expect(res.headers['cache-control'] ?? '', url).not.toContain('no-store');
    }
  });
});
