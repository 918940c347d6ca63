import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin-app.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';

const { t, asAdmin } = useAdminApp();
let learner: TestUser;
let courseId: string;
let couponId: string;

beforeAll(async () => {
  learner = await createSignedInUser(t.database.db);
  courseId = (await asAdmin('POST', '/api/admin/courses', courseForm())).json().course.id;
  couponId = (
    await asAdmin('POST', '/api/admin/coupons', {
      code: `ACCESS${Date.now()}`,
      percent: 10,
      startsOn: '',
      expiresOn: '',
      maxUses: null,
      maxUsesPerUser: null,
      active: true,
    })
  ).json().coupon.id;
});

/** Every admin endpoint, with a body an admin would send and what the admin gets back. */
function endpoints(): {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  adminStatus: number;
}[] {
  return [
    { method: 'GET', url: '/api/admin/dashboard', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/audit', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/courses', adminStatus: 200 },
    { method: 'GET', url: `/api/admin/courses/${courseId}`, adminStatus: 200 },
    { method: 'POST', url: '/api/admin/courses', payload: courseForm(), adminStatus: 200 },
    { method: 'PUT', url: `/api/admin/courses/${courseId}`, payload: courseForm({ price: 999 }), adminStatus: 200 },
    { method: 'POST', url: `/api/admin/courses/${courseId}/publish`, payload: { published: true }, adminStatus: 200 },
    { method: 'GET', url: `/api/admin/courses/${courseId}/files`, adminStatus: 200 },
    { method: 'GET', url: '/api/admin/coupons', adminStatus: 200 },
    {
      method: 'PUT',
      url: `/api/admin/coupons/${couponId}`,
      payload: {
        code: `EDIT${Date.now()}`,
        percent: 15,
        startsOn: '',
        expiresOn: '',
        maxUses: 5,
        maxUsesPerUser: 1,
        active: true,
      },
      adminStatus: 200,
    },
    { method: 'POST', url: `/api/admin/coupons/${couponId}/deactivate`, payload: {}, adminStatus: 200 },
    { method: 'GET', url: '/api/admin/orders?status=paid', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/orders.csv', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/learners?q=learner', adminStatus: 200 },
    { method: 'GET', url: `/api/admin/learners/${learner.id}`, adminStatus: 200 },
    { method: 'POST', url: `/api/admin/learners/${learner.id}/grant`, payload: { courseId }, adminStatus: 200 },
    { method: 'POST', url: `/api/admin/learners/${learner.id}/revoke`, payload: { courseId }, adminStatus: 200 },
    { method: 'GET', url: '/api/admin/messages', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/subscribers.csv', adminStatus: 200 },
  ];
}

describe('admin API access', () => {
  it('refuses visitors with 401 and learners with 403 on every call, changing nothing', async () => {
    const auditBefore = await t.database.db.selectFrom('audit_log').select('id').execute();
    const paths = [
      ...endpoints(),
      { method: 'POST' as const, url: `/api/admin/learners/${learner.id}/status`, payload: { status: 'suspended' } },
      { method: 'POST' as const, url: '/api/admin/thumbnails', payload: { x: 1 } },
      { method: 'POST' as const, url: `/api/admin/orders/${courseId}/refund`, payload: {} },
      { method: 'GET' as const, url: `/api/admin/orders/${courseId}` },
      { method: 'DELETE' as const, url: `/api/admin/courses/${courseId}/files/${courseId}` },
      { method: 'POST' as const, url: `/api/admin/courses/${courseId}/files?name=a.pdf`, payload: { x: 1 } },
      { method: 'POST' as const, url: `/api/admin/messages/${courseId}/handled`, payload: { handled: true } },
    ];
    for (const { method, url, payload } of paths) {
      const visitor = await callAs(t, null)(method, url, payload);
      expect(visitor.statusCode, `${method} ${url} as visitor`).toBe(401);
      expect(visitor.json()).toMatchObject({ ok: false, message: 'Please log in.' });
      const asLearner = await callAs(t, learner)(method, url, payload);
      expect(asLearner.statusCode, `${method} ${url} as learner`).toBe(403);
      expect(asLearner.json().message).toBe('This page is for the shop operator only.');
    }
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toHaveLength(auditBefore.length);
    const still = await t.database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', learner.id)
      .executeTakeFirst();
    expect(still?.status).toBe('active');
  });

  it('answers a visitor who posts invalid fields 401 and a learner 403, never which field is wrong', async () => {
    const invalid = [
      { method: 'POST' as const, url: '/api/admin/courses', payload: { title: 'x', price: -1 } },
      { method: 'PUT' as const, url: '/api/admin/courses/not-an-id', payload: {} },
      { method: 'POST' as const, url: '/api/admin/coupons', payload: { code: '!', percent: 500 } },
      { method: 'GET' as const, url: '/api/admin/orders?status=bogus&from=yesterday' },
      { method: 'POST' as const, url: `/api/admin/learners/${learner.id}/grant`, payload: { courseId: 'nope' } },
      { method: 'PUT' as const, url: `/api/admin/courses/${courseId}/structure`, payload: { sections: 'none' } },
    ];
    for (const { method, url, payload } of invalid) {
      const visitor = await callAs(t, null)(method, url, payload);
      expect(visitor.statusCode, `${method} ${url} as visitor`).toBe(401);
      expect(visitor.json()).toEqual({ ok: false, message: 'Please log in.' });
      const asLearner = await callAs(t, learner)(method, url, payload);
      expect(asLearner.statusCode, `${method} ${url} as learner`).toBe(403);
      expect(asLearner.json()).toEqual({ ok: false, message: 'This page is for the shop operator only.' });
      const byAdmin = await asAdmin(method, url, payload);
      expect(byAdmin.statusCode, `${method} ${url} as admin`).toBe(400);
    }
  });

  it('allows every call for an admin', async () => {
    for (const { method, url, payload, adminStatus } of endpoints()) {
      const res = await asAdmin(method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(adminStatus);
    }
  });
});
