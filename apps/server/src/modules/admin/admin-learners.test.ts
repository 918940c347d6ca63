import { describe, expect, it } from 'vitest';
import { auditRow, useAdminApp } from '../../../test/admin-app.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { newId } from '../../ids.js';

const { t, admin, asAdmin } = useAdminApp();

const profile = (user: TestUser) => callAs(t, user)('GET', '/api/profile');

describe('learners in the console', () => {
  it('suspension ends the learner’s open session at once and is audited', async () => {
    const learner = await createSignedInUser(t.database.db);
    expect((await profile(learner)).json().ok).toBe(true);
    const res = await asAdmin('POST', `/api/admin/learners/${learner.id}/status`, { status: 'suspended' });
    expect(res.statusCode).toBe(200);
    expect(res.json().learner.status).toBe('suspended');
    expect((await profile(learner)).json().ok).toBe(false);
    expect(await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', learner.id).execute()).toEqual(
      [],
    );
    const audit = await auditRow(t.database.db, learner.id);
    expect(audit).toMatchObject({ action: 'user.suspended', actor_email: admin.email });
    expect(JSON.parse(audit.before_json ?? '{}')).toEqual({ status: 'active' });
    expect(JSON.parse(audit.after_json ?? '{}')).toEqual({ status: 'suspended' });
  });

  it('a terminated e-mail cannot sign up again', async () => {
    const learner = await createSignedInUser(t.database.db);
    await asAdmin('POST', `/api/admin/learners/${learner.id}/status`, { status: 'terminated' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { origin: new URL(t.config.publicUrl).origin },
      payload: {
        username: `again_${Date.now()}`,
        email: learner.email.toUpperCase(),
        password: 'a-Long-password-42',
        cpassword: 'a-Long-password-42',
      },
    });
    expect(res.statusCode).toBe(200);
    const accounts = await t.database.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('email_lower', '=', learner.email.toLowerCase())
      .execute();
    expect(accounts).toEqual([{ id: learner.id, status: 'terminated' }]);
    expect(
      await t.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', learner.email).execute(),
    ).toEqual([]);
  });

  it('an admin cannot suspend their own account', async () => {
    const res = await asAdmin('POST', `/api/admin/learners/${admin.id}/status`, { status: 'suspended' });
    expect(res.statusCode).toBe(400);
    expect((await profile(admin)).json().ok).toBe(true);
  });

  it('grants and revokes a course by hand, each recorded in the audit log', async () => {
    const learner = await createSignedInUser(t.database.db);
    const courseId = (await asAdmin('POST', '/api/admin/courses', courseForm())).json().course.id;
    const granted = await asAdmin('POST', `/api/admin/learners/${learner.id}/grant`, { courseId });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().learner.enrolments[0]).toMatchObject({ courseId, orderId: null, revokedAt: null });
    expect((await asAdmin('POST', `/api/admin/learners/${learner.id}/grant`, { courseId })).statusCode).toBe(409);
    const revoked = await asAdmin('POST', `/api/admin/learners/${learner.id}/revoke`, { courseId });
    expect(revoked.json().learner.enrolments[0].revokedAt).not.toBeNull();
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', learner.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['enrolment.grant', 'enrolment.revoke']);
  });

  it('searches accounts by part of the e-mail', async () => {
    const learner = await createSignedInUser(t.database.db, { email: `zz-findme-${Date.now()}@example.com` });
    const found = (await asAdmin('GET', '/api/admin/learners?q=FINDME')).json().learners;
    expect(found.map((l: { id: string }) => l.id)).toEqual([learner.id]);
  });

  it('a search for `_`, `%` or `\\` matches those characters themselves, not any character', async () => {
    const s = Date.now().toString(36);
    const underscore = await createSignedInUser(t.database.db, { email: `first_last-${s}@example.com` });
    await createSignedInUser(t.database.db, { email: `firstxlast-${s}@example.com` });
    const percent = await createSignedInUser(t.database.db, { username: `cent%off_${s}` });
    await createSignedInUser(t.database.db, { username: `cent50off_${s}` });
    const backslash = await createSignedInUser(t.database.db, { username: `back\\slash_${s}` });
    const search = async (q: string) =>
      (await asAdmin('GET', `/api/admin/learners?q=${encodeURIComponent(q)}`))
        .json()
        .learners.map((l: { id: string }) => l.id);
    expect(await search(`first_last-${s}`)).toEqual([underscore.id]);
    expect(await search(`cent%off_${s}`)).toEqual([percent.id]);
    expect(await search(`back\\slash_${s}`)).toEqual([backslash.id]);
  });

  it('finds orders by an e-mail with `_` in it, and only those', async () => {
    const s = Date.now().toString(36);
    const courseId = (await asAdmin('POST', '/api/admin/courses', courseForm({ price: 900 }))).json().course.id;
    const order = async (email: string) => {
      const buyer = await createSignedInUser(t.database.db, { email });
      const asBuyer = callAs(t, buyer);
      expect((await asBuyer('POST', '/api/cart/add', { courseId })).statusCode).toBe(200);
      const created = await asBuyer('POST', '/api/create-order', {
        amount: 900,
        name: 'Asha Patel',
        email,
        courseId: '',
        userId: buyer.id,
        validDiscount: 0,
        discountCouponId: null,
      });
      expect(created.statusCode).toBe(200);
      return created.json().orderId as string;
    };
    const wanted = await order(`asha_patel-${s}@example.com`);
    await order(`ashaxpatel-${s}@example.com`);
    const found = (await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(`asha_patel-${s}`)}`)).json().orders;
    expect(found.map((o: { id: string }) => o.id)).toEqual([wanted]);
  });
});

describe('messages in the console', () => {
  it('marks a contact message handled, with an audit row', async () => {
    const id = newId();
    await t.database.db
      .insertInto('contact_messages')
      .values({
        id,
        name: 'Asha',
        email: 'asha@example.com',
        website: null,
        message: 'Hello there, a question.',
        ip: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await asAdmin('POST', `/api/admin/messages/${id}/handled`, { handled: true });
    expect(res.statusCode).toBe(200);
    const listed = (await asAdmin('GET', '/api/admin/messages')).json().messages;
    expect(listed.find((m: { id: string }) => m.id === id).handled).toBe(true);
    expect(await t.database.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute()).toEqual([
      { action: 'message.handled' },
    ]);
  });

  it('exports newsletter subscribers as CSV, neutralising spreadsheet formulas', async () => {
    await t.database.db
      .insertInto('newsletter_subscribers')
      .values([
        {
          id: newId(),
          email: 'reader@example.com',
          email_lower: 'reader@example.com',
          created_at: '2026-01-01T00:00:00.000Z',
          confirmed_at: '2026-01-01T00:00:00.000Z',
          confirm_token_hash: null,
          confirm_expires_at: null,
          unsubscribe_token: newId(),
        },
        {
          id: newId(),
          email: '=cmd@example.com',
          email_lower: '=cmd@example.com',
          created_at: '2026-01-02T00:00:00.000Z',
          confirmed_at: '2026-01-02T00:00:00.000Z',
          confirm_token_hash: null,
          confirm_expires_at: null,
          unsubscribe_token: newId(),
        },
      ])
      .execute();
    const res = await asAdmin('GET', '/api/admin/subscribers.csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toBe(
      "e-mail,confirmed at (IST)\r\nreader@example.com,2026-01-01 05:30:00\r\n'=cmd@example.com,2026-01-02 05:30:00\r\n",
    );
  });
});
