import { messages } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newPerson, sessionCookie } from '../../../test/account-flows.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { authorizeAtProvider, startOidcProvider, type TestOidc } from '../../../test/oidc.js';

const publicUrl = 'http://localhost:3000';
const redirectUri = `${publicUrl}/auth/google/callback`;

let provider: TestOidc;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider(redirectUri);
  t = await createTestApp({
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(() => {
  provider.wrongAudience = false;
});

let subCounter = 0;
function providerAccount(email: string, emailVerified = true, name = 'Priya Sharma') {
  subCounter += 1;
  const sub = `google-sub-${Date.now()}-${subCounter}`;
  provider.accounts.set(sub, { email, email_verified: emailVerified, name });
  return sub;
}

/** GET /auth/google as the browser: the provider's authorization URL and the pending-sign-in cookie. */
async function startSignIn() {
  const res = await t.app.inject({ url: '/auth/google' });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'google_oauth');
  if (!cookie) throw new Error('no pending sign-in cookie');
  return { location: String(res.headers.location), cookie };
}

async function callback(returned: URL, pendingCookie: string | undefined) {
  return t.app.inject({
    url: `/auth/google/callback${returned.search}`,
    headers: pendingCookie ? { cookie: `google_oauth=${pendingCookie}` } : {},
  });
}

/** The whole code flow: our redirect, the provider's login and consent, our callback. */
async function signInWithGoogle(sub: string) {
  const started = await startSignIn();
  const returned = await authorizeAtProvider(started.location, sub, redirectUri);
  return callback(returned, started.cookie.value);
}

function landingMessage(res: { headers: Record<string, unknown> }): string | null {
  const location = new URL(String(res.headers.location), publicUrl);
  expect(location.pathname).toBe('/google-auth-redirect');
  return location.searchParams.get('message');
}

async function profileOf(token: string | undefined) {
  return (await t.app.inject({ url: '/api/profile', headers: { cookie: `token=${token}` } })).json();
}

function findUser(email: string) {
  return t.database.db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
}

describe('Google sign-in (authorization code + PKCE against a real OpenID provider)', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce, kept in a short-lived HttpOnly cookie', async () => {
    const { location, cookie } = await startSignIn();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/google', maxAge: 600 });
  });

  it('a new Google identity creates a verified account named after the profile and signs it in', async () => {
    const email = newPerson('google').email;
    const sub = providerAccount(email, true, 'Priya Sharma');
    const res = await signInWithGoogle(sub);
    expect(landingMessage(res)).toBe(messages.googleSignedIn);
    const token = sessionCookie(res);
    expect(await profileOf(token)).toMatchObject({ ok: true, email });
    const user = await findUser(email);
    expect(user).toMatchObject({ google_sub: sub, password_hash: null, role: 'learner' });
    expect(user?.username).toMatch(/^Priya Sharma( \d{4})?$/);
    expect(user?.email_verified_at).not.toBeNull();

    // The same person again: the same account, found by `sub`, with a new session.
    const again = await signInWithGoogle(sub);
    expect(sessionCookie(again)).not.toBe(token);
    expect((await profileOf(sessionCookie(again))).username).toBe(user?.username);
    const rows = await t.database.db.selectFrom('users').select('id').where('email_lower', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('two people with the same name get different usernames', async () => {
    const first = await signInWithGoogle(providerAccount(newPerson('twin').email, true, 'Arjun Mehta'));
    const second = await signInWithGoogle(providerAccount(newPerson('twin').email, true, 'Arjun Mehta'));
    const names = [(await profileOf(sessionCookie(first))).username, (await profileOf(sessionCookie(second))).username];
    expect(new Set(names.map((name: string) => name.toLowerCase())).size).toBe(2);
  });

  it('links an existing account with the same address when Google says the address is verified', async () => {
    const existing = await createSignedInUser(t.database.db, { email: newPerson('linked').email });
    const sub = providerAccount(existing.email.toUpperCase(), true);
    const res = await signInWithGoogle(sub);
    expect(landingMessage(res)).toBe(messages.googleSignedIn);
    expect(await profileOf(sessionCookie(res))).toMatchObject({ ok: true, username: existing.username });
    expect((await findUser(existing.email))?.google_sub).toBe(sub);
  });

  it('does not link an existing account when email_verified is false, and does not say that the account exists', async () => {
    const existing = await createSignedInUser(t.database.db, { email: newPerson('unverified').email });
    const sub = providerAccount(existing.email, false);
    const res = await signInWithGoogle(sub);
    // The same answer as for an unverified address without an account (the next test): no existence check.
    expect(landingMessage(res)).toBe(messages.googleEmailUnverified);
    expect(landingMessage(res)).not.toBe(messages.googleEmailInUse);
    expect(sessionCookie(res)).toBeUndefined();
    expect((await findUser(existing.email))?.google_sub).toBeNull();
  });

  it('makes no account for an address Google has not verified', async () => {
    const email = newPerson('noverify').email;
    const res = await signInWithGoogle(providerAccount(email, false));
    expect(landingMessage(res)).toBe(messages.googleEmailUnverified);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await findUser(email)).toBeUndefined();
  });

  it('linking a never-verified local account drops the password someone else may have set on it', async () => {
    const person = newPerson('prehijack');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { ...person, cpassword: person.password },
      remoteAddress: person.ip,
    });
    expect(signUp.statusCode).toBe(200);
    const res = await signInWithGoogle(providerAccount(person.email, true));
    expect(landingMessage(res)).toBe(messages.googleSignedIn);
    const user = await findUser(person.email);
    expect(user).toMatchObject({ password_hash: null });
    expect(user?.email_verified_at).not.toBeNull();
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: person.email, password: person.password },
      remoteAddress: person.ip,
    });
    expect(attempt.statusCode).toBe(401);
  });

  it('refuses a callback whose state does not match the pending sign-in', async () => {
    const sub = providerAccount(newPerson('state').email);
    const started = await startSignIn();
    const returned = await authorizeAtProvider(started.location, sub, redirectUri);
    returned.searchParams.set('state', 'forged-state');
    const res = await callback(returned, started.cookie.value);
    expect(landingMessage(res)).toBe(messages.googleFailed);
    expect(sessionCookie(res)).toBeUndefined();

    // A code from one browser's flow with another browser's pending cookie is refused too.
    const other = await startSignIn();
    const victim = await startSignIn();
    const code = await authorizeAtProvider(other.location, sub, redirectUri);
    const crossed = await callback(code, victim.cookie.value);
    expect(landingMessage(crossed)).toBe(messages.googleFailed);
    expect(sessionCookie(crossed)).toBeUndefined();
  });

  it('refuses a callback without the pending-sign-in cookie, and clears that cookie after use', async () => {
    const sub = providerAccount(newPerson('nocookie').email);
    const started = await startSignIn();
    const returned = await authorizeAtProvider(started.location, sub, redirectUri);
    const res = await callback(returned, undefined);
    expect(landingMessage(res)).toBe(messages.googleFailed);
    expect(sessionCookie(res)).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'google_oauth')?.value).toBe('');
  });

  it('refuses an ID token issued for another client (wrong audience)', async () => {
    const email = newPerson('audience').email;
    const sub = providerAccount(email);
    provider.wrongAudience = true;
    const res = await signInWithGoogle(sub);
    expect(landingMessage(res)).toBe(messages.googleFailed);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await findUser(email)).toBeUndefined();
  });

  it('refuses a code used a second time', async () => {
    const sub = providerAccount(newPerson('replay').email);
    const started = await startSignIn();
    const returned = await authorizeAtProvider(started.location, sub, redirectUri);
    expect(sessionCookie(await callback(returned, started.cookie.value))).toBeDefined();
    const replay = await callback(returned, started.cookie.value);
    expect(landingMessage(replay)).toBe(messages.googleFailed);
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it('a suspended account linked to Google cannot sign in with it', async () => {
    const email = newPerson('suspended').email;
    const sub = providerAccount(email);
    await signInWithGoogle(sub);
    await t.database.db.updateTable('users').set({ status: 'suspended' }).where('google_sub', '=', sub).execute();
    const res = await signInWithGoogle(sub);
    expect(landingMessage(res)).toBe(messages.accountUnavailable);
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('Google sign-in when it is not configured', () => {
  it('the link leads back to /login with a message code', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=google-unavailable');
    } finally {
      await plain.close();
    }
  });
});
