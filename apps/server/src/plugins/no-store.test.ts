import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';
import { callAs, courseForm } from '../../test/admin-test-client.js';
import { createSignedInUser, type TestUser } from '../../test/helpers.js';

const { t, asAdmin } = useAdminApp();
let learner: TestUser;
let courseId: string;

beforeAll(async () => {
  learner = await createSignedInUser(t.database.db);
  courseId = (await asAdmin('POST', '/api/admin/courses', courseForm())).json().course.id;
});

describe('Cache-Control on answers that used the session', () => {
  it.each([
    ['GET', '/api/profile'],
    ['GET', '/api/cart'],
    ['GET', '/api/enrolled-courses'],
    ['POST', '/api/cart/add'],
  ] as const)('a learner’s %s %s says no-store', async (method, url) => {
    const res = await callAs(t, learner)(method, url, method === 'POST' ? { courseId } : undefined);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it.each([
    '/api/admin/dashboard',
    '/api/admin/orders',
    '/api/admin/learners',
    '/api/admin/audit',
    '/api/admin/courses',
    '/api/admin/messages',
    '/api/admin/coupons',
  ])('the operator’s GET %s says no-store', async (url) => {
    const res = await asAdmin('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('a Bearer caller’s profile says no-store too', async () => {
    const res = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${learner.token}` } });
    expect(res.json().ok).toBe(true);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('the public catalogue, which never reads the session, stays cacheable for a signed-in caller', async () => {
    for (const url of ['/api/courses', `/api/courses/${courseId}`]) {
      const res = await callAs(t, learner)('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'] ?? '').not.toContain('no-store');
    }
  });
});
