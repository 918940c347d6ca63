import { courseReviewsResponse, listCoursesResponse, messages, myDataExport } from '@shop/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { waitForMail } from '../../../test/account-flows.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { mailText } from '../../../test/smtp.js';
import { buy } from '../../../test/test-purchases.js';
import { lessonIdsOf, makeReadyVideo } from '../../../test/test-video.js';
import { hashPassword } from '../../auth/passwords.js';
import { createSession } from '../../auth/session.js';
import { newId } from '../../ids.js';
import { demoCourses } from '../../seed/seed-courses.js';

const [c1, c2] = demoCourses;
const password = 'my own long passphrase';

const { t, smtp } = useShopWithMail();

function origin() {
  return new URL(t.config.publicUrl).origin;
}

/**
 * A learner who bought a course (ticking the checkout's acknowledgement) and watched its first lesson a
 * while, has another in the cart, subscribed to the newsletter and, unless told, has a password.
 */
async function busyLearner(withPassword = true) {
  const bought = await buy(t, [c1?._id ?? ''], { disclaimerAccepted: true });
  const { user, headers } = bought;
  const [section] = (await get(`/api/learn/${c1?._id}`, user.cookie)).json().sections;
  const lesson = section.lessons[0];
  const saved = await t.app.inject({
    method: 'POST',
    url: `/api/learn/${c1?._id}/lessons/${lesson.id}/progress`,
    headers,
    payload: { positionSeconds: 42, completed: false },
  });
  expect(saved.statusCode).toBe(200);
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId: c2?._id } })).statusCode,
  ).toBe(200);
  // A confirmed subscription (double opt-in; newsletter.test.ts covers the sign-up and its link).
  await t.database.db
    .insertInto('newsletter_subscribers')
    .values({
      id: newId(),
      email: user.email,
      email_lower: user.email.toLowerCase(),
      created_at: new Date().toISOString(),
      confirmed_at: new Date().toISOString(),
      confirm_token_hash: null,
      confirm_expires_at: null,
      unsubscribe_token: newId(),
    })
    .execute();
  if (withPassword) {
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
  }
  return bought;
}

/** The token of the first link of `kind` mailed to `email` (the order's own mails come first). */
async function mailedToken(email: string, kind: 'delete-account' | 'reset-password'): Promise<string> {
  const pattern = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`);
  for (let count = 1; count <= 5; count += 1) {
    const token = pattern.exec(mailText((await waitForMail(t.app, smtp, email, count)).raw))?.[1];
    if (token) return token;
  }
  throw new Error(`no ${kind} link mailed to ${email}`);
}

function get(url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

function post(url: string, cookie: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers: { cookie, origin: origin() }, payload });
}

describe('download my data', () => {
  it('is a JSON attachment of profile, orders, enrolments, progress, cart, newsletter, consents and sign-in methods, without any hash', async () => {
    const { user, orderId } = await busyLearner();
    const res = await get('/api/me/export', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, username: user.username });
    expect(data.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect(data.enrolments).toEqual([{ courseId: c1?._id, title: c1?.title }]);
    expect(data.cart).toEqual([{ courseId: c2?._id, title: c2?.title }]);
    expect(data.newsletter.subscribed).toBe(true);
    expect(data.signInMethods).toEqual({ password: true, emailLink: true, google: false });
    expect(data.progress).toEqual([
      {
        courseId: c1?._id,
        courseTitle: c1?.title,
        lessonTitle: expect.any(String),
        positionSeconds: 42,
        completedAt: null,
        updatedAt: expect.any(String),
      },
    ]);
    const [order] = await t.database.db
      .selectFrom('orders')
      .select('disclaimer_accepted_at')
      .where('id', '=', orderId)
      .execute();
    expect(data.consents).toEqual([
      { kind: 'education-only-disclaimer', orderId, givenAt: order?.disclaimer_accepted_at },
    ]);
    expect(order?.disclaimer_accepted_at).toEqual(expect.any(String));
    expect(myDataExport.parse(data)).toEqual(data);

    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const session = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(res.body).not.toContain(row.password_hash);
    expect(res.body).not.toContain(session.token_hash);
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toMatch(/hash/i);
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('10 exports an hour per account (attack A7): the 11th gets 429 and says when to try again; an hour on, it works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-02T10:00:00.000Z'));
      const user = await createSignedInUser(t.database.db);
      const other = await createSignedInUser(t.database.db);
      for (let i = 0; i < 10; i++) expect((await get('/api/me/export', user.cookie)).statusCode).toBe(200);
      vi.setSystemTime(new Date('2026-03-02T10:20:00.000Z'));
      const refused = await get('/api/me/export', user.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        ok: false,
        message: messages.dataExportTooMany.replace('{minutes}', '40 minutes'),
      });
      expect(refused.headers['content-disposition']).toBeUndefined();
      // The limit is the account's own, not the address's or the network's.
      expect((await get('/api/me/export', other.cookie)).statusCode).toBe(200);
      vi.setSystemTime(new Date('2026-03-02T11:00:01.000Z'));
      expect((await get('/api/me/export', user.cookie)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('withdrawing marketing consent', () => {
  it('unsubscribes the learner’s address from the newsletter', async () => {
    const { user } = await busyLearner();
    expect((await get('/api/me/privacy', user.cookie)).json()).toEqual({
      ok: true,
      hasPassword: true,
      newsletterSubscribed: true,
    });
    const res = await post('/api/me/newsletter/unsubscribe', user.cookie);
    expect(res.json()).toEqual({ ok: true, message: messages.unsubscribed });
    expect((await get('/api/me/privacy', user.cookie)).json().newsletterSubscribed).toBe(false);
  });
});

describe('delete my account', () => {
  it('with the password: ends every session, erases the profile, cart, tokens and newsletter row, keeps the orders, audits it', async () => {
    const { user, orderId } = await busyLearner();
    const otherSession = await createSession(t.database.db, user.id);
    const wrong = await post('/api/me/delete', user.cookie, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.deletePasswordWrong);
    // Nothing typed: told what is missing, not that the password is wrong.
    for (const body of [{ password: '' }, {}]) {
      const empty = await post('/api/me/delete', user.cookie, body);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        message: messages.deletePasswordRequired,
        fields: { password: messages.deletePasswordRequired },
      });
    }

    const res = await post('/api/me/delete', user.cookie, { password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, deleted: true, message: messages.accountDeleted });

    // The old cookies no longer work.
    expect((await get('/api/me/export', user.cookie)).statusCode).toBe(401);
    expect((await get('/api/me/export', `token=${otherSession}`)).statusCode).toBe(401);
    expect((await get('/api/profile', user.cookie)).json().ok).toBe(false);

    const db = t.database.db;
    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: `deleted-${user.id}@invalid`,
      username: `deleted-${user.id}`,
      password_hash: null,
      google_sub: null,
      status: 'terminated',
    });
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('carts').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('lesson_progress').select('lesson_id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
    expect(
      await db
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('email_lower', '=', user.email.toLowerCase())
        .execute(),
    ).toEqual([]);
    const orders = await db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', user.id).execute();
    expect(orders).toEqual([{ id: orderId, status: 'paid' }]);
    const documents = await db.selectFrom('tax_documents').select('id').where('order_id', '=', orderId).execute();
    expect(documents).toHaveLength(1);
    const audit = await db.selectFrom('audit_log').selectAll().where('entity_id', '=', user.id).execute();
    expect(audit).toMatchObject([{ actor_id: user.id, action: 'account.deleted_by_learner', entity: 'user' }]);
    expect(JSON.stringify(audit)).not.toContain(user.email);

    // Nobody can sign in to it, nor ask for a reset of the old address.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/signin', payload: { email: user.email, password } });
    expect(signIn.statusCode).toBe(401);
  });

  it('without a password: a mailed link confirms it, once', async () => {
    const { user } = await busyLearner(false);
    const asked = await post('/api/me/delete', user.cookie, {});
    expect(asked.json()).toEqual({ ok: true, deleted: false, message: messages.deleteLinkSent });
    expect((await get('/api/profile', user.cookie)).json().ok).toBe(true);
    const token = await mailedToken(user.email, 'delete-account');

    // Opened in a browser signed in as someone else: that browser stays signed in.
    const other = await createSignedInUser(t.database.db);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/delete/confirm',
        headers: { origin: origin(), cookie: other.cookie },
        payload: { token },
      });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json().deleted).toBe(true);
    expect(first.cookies.find((cookie) => cookie.name === 'token')).toBeUndefined();
    expect((await get('/api/profile', other.cookie)).json().ok).toBe(true);
    expect((await get('/api/profile', user.cookie)).json().ok).toBe(false);
    expect((await confirm()).statusCode).toBe(400);
  });

  it('a reset link cannot confirm a deletion', async () => {
    const { user } = await busyLearner();
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { origin: origin() },
      payload: { email: user.email },
    });
    const token = await mailedToken(user.email, 'reset-password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/delete/confirm',
      headers: { origin: origin() },
      payload: { token },
    });
    expect(res.statusCode).toBe(400);
    expect((await get('/api/profile', user.cookie)).json().ok).toBe(true);
  });
});

describe('reviews in the privacy centre', () => {
  const reviewsOf = async (courseId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}/reviews` });
    expect(res.statusCode).toBe(200);
    return courseReviewsResponse.parse(res.json());
  };
  const catalogRating = async (courseId: string) =>
    listCoursesResponse
      .parse((await t.app.inject({ method: 'GET', url: '/api/courses' })).json())
      .courses.find((card) => card._id === courseId)?.rating;

  it('the export carries the learner’s review; deleting the account erases it from the course’s list and figures', async () => {
    const { user } = await busyLearner();
    const courseId = c1?._id ?? '';
    const text = 'Clear charts, honest about risk.';
    expect((await post(`/api/courses/${courseId}/reviews`, user.cookie, { rating: 4, text })).statusCode).toBe(200);

    const exported = myDataExport.parse((await get('/api/me/export', user.cookie)).json());
    expect(exported.reviews).toEqual([
      {
        courseId,
        title: c1?.title,
        rating: 4,
        text,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        hidden: false,
      },
    ]);
    // The catalogue answer is cached now, with the review counted.
    expect((await reviewsOf(courseId)).count).toBe(1);
    expect(await catalogRating(courseId)).toBe(4);

    expect((await post('/api/me/delete', user.cookie, { password })).json().deleted).toBe(true);

    const after = await reviewsOf(courseId);
    expect(after).toMatchObject({ count: 0, average: 0, reviews: [] });
    expect(after.breakdown.every((row) => row.count === 0)).toBe(true);
    expect(await catalogRating(courseId)).toBe(0);
    expect(await t.database.db.selectFrom('reviews').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('the export shows a review the operator hid as hidden', async () => {
    const { user } = await busyLearner();
    const courseId = c1?._id ?? '';
    expect((await post(`/api/courses/${courseId}/reviews`, user.cookie, { rating: 2, text: 'meh' })).statusCode).toBe(
      200,
    );
    const { id } = await t.database.db
      .selectFrom('reviews')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const hid = await post(`/api/admin/reviews/${id}/visibility`, admin.cookie, { hidden: true });
    expect(hid.statusCode).toBe(200);
    const exported = myDataExport.parse((await get('/api/me/export', user.cookie)).json());
    expect(exported.reviews).toMatchObject([{ courseId, rating: 2, text: 'meh', hidden: true }]);
  });
});

describe('protected video in the privacy centre', () => {
  let lessonId: string;
  beforeAll(async () => {
    // The course's second lesson (for buyers only) gets a real transcoded stream.
    lessonId = (await lessonIdsOf(t.database.db, c1?._id ?? ''))[1] ?? '';
    await makeReadyVideo(t.database.db, t.config.dataDir, lessonId);
  }, 120_000);

  const play = (cookie: string) => get(`/api/learn/${c1?._id}/lessons/${lessonId}/playback`, cookie);
  const playbackRows = async (userId: string) => ({
    streams: await t.database.db.selectFrom('video_streams').selectAll().where('user_id', '=', userId).execute(),
    flags: await t.database.db.selectFrom('video_device_flags').selectAll().where('user_id', '=', userId).execute(),
    sessions: await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute(),
  });

  it('the export lists the devices that streamed and the day’s many-devices flag; deleting the account leaves no playback row', async () => {
    const { user } = await busyLearner();
    // Five more sign-ins today: six devices, above the default five, so playing flags the account.
    const signIns = [];
    for (let i = 0; i < 5; i++) signIns.push(await createSession(t.database.db, user.id));
    const laptop = await play(user.cookie);
    expect(laptop.statusCode, laptop.body).toBe(200);
    expect((await play(`token=${signIns[0]}`)).statusCode).toBe(200);
    // Another buyer streams too: none of theirs may show in this learner's export.
    const other = await busyLearner();
    expect((await play(other.user.cookie)).statusCode).toBe(200);

    const res = await get('/api/me/export', user.cookie);
    expect(res.statusCode).toBe(200);
    const exported = myDataExport.parse(res.json());
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(exported.videoDevices.flags).toEqual([{ day: today, devices: 6 }]);
    expect(exported.videoDevices.devices).toHaveLength(2);
    for (const device of exported.videoDevices.devices) {
      expect(device).toEqual({ signedInAt: expect.any(String), lastPlayedAt: expect.any(String), stoppedAt: null });
    }
    // Times only: no session id, signed link or signature of the learner's own or anyone else's.
    const before = await playbackRows(user.id);
    expect(before.streams).toHaveLength(2);
    const secrets = [
      ...before.sessions.map((row) => row.id),
      ...(await playbackRows(other.user.id)).sessions.map((row) => row.id),
      /s=([0-9a-f]{64})/.exec(laptop.json().manifestUrl)?.[1] ?? 'no signature',
    ];
    for (const secret of secrets) expect(res.body).not.toContain(secret);

    expect((await post('/api/me/delete', user.cookie, { password })).json().deleted).toBe(true);
    expect(await playbackRows(user.id)).toEqual({ streams: [], flags: [], sessions: [] });
    // The flag's audit entry stays (the operator's record) but no longer carries the learner's address.
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('actor_id', '=', user.id).execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['account.deleted_by_learner', 'video.many_devices']);
    expect(JSON.stringify(audit)).not.toContain(user.email);
    // The other buyer's stream is untouched.
    expect((await playbackRows(other.user.id)).streams).toHaveLength(1);
  });
});
