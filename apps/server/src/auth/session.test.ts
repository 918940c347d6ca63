import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/helpers.js';
import { useTestApp } from '../../test/use-test-app.js';
import { hashToken } from './tokens.js';

const t = useTestApp();

const origin = () => new URL(t.config.publicUrl).origin;

describe('sessions', () => {
  it('a visitor gets ok: false from the profile check', async () => {
    const res = await t.app.inject({ url: '/api/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, message: 'Please log in.' });
  });

  it('the session cookie and the Bearer header both identify the user', async () => {
    const user = await createSignedInUser(t.database.db);
    const byCookie = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
    expect(byCookie.json()).toEqual({ ok: true, username: user.username, email: user.email, role: 'learner' });
    const byBearer = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${user.token}` } });
    expect(byBearer.json()).toMatchObject({ ok: true, username: user.username });
  });

  it('stores only the SHA-256 of the token', async () => {
    const user = await createSignedInUser(t.database.db);
    const rows = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([{ token_hash: hashToken(user.token) }]);
    expect(JSON.stringify(rows)).not.toContain(user.token);
  });

  it('logout revokes the session on the server and clears the cookie', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie, origin: origin() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/^token=;/);
    const after = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
    expect(after.json().ok).toBe(false);
  });

  it('an expired session is refused', async () => {
    const user = await createSignedInUser(t.database.db);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).json().ok).toBe(false);
  });

  it('a suspended account has no session', async () => {
    const user = await createSignedInUser(t.database.db);
    await t.database.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).json().ok).toBe(false);
  });

  it('a session in use stops working at once when the operator suspends the learner', async () => {
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const user = await createSignedInUser(t.database.db);
    const profile = () => t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${user.token}` } });
    expect((await profile()).json().ok).toBe(true);
    expect((await profile()).json().ok).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/learners/${user.id}/status`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { status: 'suspended' },
    });
    expect(res.statusCode).toBe(200);
    expect((await profile()).json().ok).toBe(false);
  });

  it('refuses a cookie-carrying state change from a foreign origin (CSRF)', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).json().ok).toBe(true);
  });
});
