import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin-app.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { buy } from '../../../test/test-purchases.js';

/*
 * Issue 32, item 16: the home page's statistics strip keeps the specification's figures until the
 * operator switches on live ones in the console; live, each figure is counted from what happened.
 */
const { t, asAdmin: call } = useAdminApp();

const figures = async () => (await t.app.inject({ url: '/api/home-figures' })).json();

describe('the home page statistics strip', () => {
  it("shows the specification's figures by default, live ones once the console switches them on", async () => {
    expect(await figures()).toEqual({ ok: true, live: false, figures: null });
    expect((await call('GET', '/api/admin/home-figures')).json()).toEqual({ ok: true, live: false });

    const published = (await call('POST', '/api/admin/courses', courseForm())).json().course.id as string;
    await call('POST', '/api/admin/courses', courseForm({ published: false }));
    const { user: asha } = await buy(t, [published]);
    await buy(t, [published]);
    // A refunded purchase no longer counts as sold, and its buyer owns nothing now.
    const { user: refunded } = await buy(t, [published]);
    await t.database.db
      .updateTable('enrolments')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', refunded.id)
      .execute();
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('certificates')
      .values({
        id: 'TS-TEST-CERT-0001',
        user_id: asha.id,
        course_id: published,
        printed_name: 'Asha',
        course_title: 'Options Basics',
        instructor: 'Ravi Mehta',
        completed_at: now,
      } as never)
      .execute();

    const saved = await call('PUT', '/api/admin/home-figures', { live: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ok: true, live: true });
    expect(await figures()).toEqual({
      ok: true,
      live: true,
      figures: { courses: 1, sold: 2, learners: 2, certificates: 1 },
    });

    expect((await call('PUT', '/api/admin/home-figures', { live: false })).statusCode).toBe(200);
    expect(await figures()).toEqual({ ok: true, live: false, figures: null });
  });

  it('lets only the operator switch it', async () => {
    const learner = await createSignedInUser(t.database.db);
    expect((await callAs(t, learner)('PUT', '/api/admin/home-figures', { live: true })).statusCode).toBe(403);
    expect((await callAs(t, null)('PUT', '/api/admin/home-figures', { live: true })).statusCode).toBe(401);
    expect((await call('PUT', '/api/admin/home-figures', { live: 'yes' })).statusCode).toBe(400);
    expect((await figures()).live).toBe(false);
  });
});
