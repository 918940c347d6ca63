import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { hashToken, newToken } from '../../apps/server/src/auth/tokens';
import { newId } from '../../apps/server/src/ids';
import { baseURL, expect } from './browser';
import { withShopDatabase } from './shop-database';

/**
 * Signed-in users for browser tests, written straight into the e2e server's SQLite database the way
 * the server itself writes them: a verified user, and a session whose SHA-256 token hash is stored
 * while the token goes into the browser's HttpOnly `token` cookie. Until the sign-in pages exist,
 * this is how a test "signs in"; afterwards it stays the quick way to start a test signed in.
 */

export interface E2EUser {
  id: string;
  email: string;
  username: string;
  token: string;
}

const SESSION_DAYS = 30;
let counter = 0;

/** A verified learner with an open session; unique names so tests never collide. */
export function createVerifiedUser(overrides: { role?: 'learner' | 'admin' } = {}): E2EUser {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const user = {
    id: newId(),
    email: `e2e-${suffix}@example.com`,
    username: `e2e_${suffix}`,
    token: newToken(),
  };
  const now = new Date();
  const stamp = now.toISOString();
  withShopDatabase((db) => {
    db.transaction(() => {
      db.prepare(
        `insert into users (id, username, email, email_lower, password_hash, email_verified_at, google_sub, role, status, created_at, updated_at)
         values (?, ?, ?, ?, null, ?, null, ?, 'active', ?, ?)`,
      ).run(
        user.id,
        user.username,
        user.email,
        user.email.toLowerCase(),
        stamp,
        overrides.role ?? 'learner',
        stamp,
        stamp,
      );
      db.prepare(
        `insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at)
         values (?, ?, ?, ?, ?, ?)`,
      ).run(
        newId(),
        hashToken(user.token),
        user.id,
        stamp,
        stamp,
        new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      );
    })();
  });
  return user;
}

/** Puts the user's session cookie into the browser, as a successful sign-in would. */
export async function addSessionCookie(context: BrowserContext, user: E2EUser): Promise<void> {
  await context.addCookies([
    {
      name: 'token',
      value: user.token,
      domain: new URL(inject('baseURL')).hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
    },
  ]);
}

/** A new verified learner, signed in in this browser context. */
export async function signIn(
  context: BrowserContext,
  overrides: { role?: 'learner' | 'admin' } = {},
): Promise<E2EUser> {
  const user = createVerifiedUser(overrides);
  await addSessionCookie(context, user);
  return user;
}

/** Makes the user own a course, as a paid order would. */
export function grantCourse(userId: string, courseId: string): void {
  withShopDatabase((db) => {
    db.prepare(
      `insert into enrolments (id, user_id, course_id, order_id, granted_at, revoked_at) values (?, ?, ?, null, ?, null)`,
    ).run(newId(), userId, courseId, new Date().toISOString());
  });
}

/** A POST as the user's browser makes it (session cookie, our own Origin); fails the test unless it answers 200. */
export async function postAs(user: E2EUser, path: string, body: object) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${user.token}`, origin: new URL(baseURL).origin },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}
