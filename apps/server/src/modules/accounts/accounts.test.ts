import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  accountCalls,
  linkToken,
  mailsTo,
  newPerson,
  sessionCookie,
  signUpProofCookie,
  waitForMail,
} from '../../../test/account-flows.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { mailText } from '../../../test/smtp.js';
import { createSession } from '../../auth/session.js';

const { t, smtp } = useShopWithMail({ seed: false, env: { SITE_NAME: 'TradeSkool Test' } });
const { post, profile, signUp, signUpVerified } = accountCalls(() => ({ t, smtp }));

type Person = ReturnType<typeof newPerson>;

/** The answer that signs `person` in as a learner, saying `message`. */
const signedInAs = (person: Person, message: string) => ({
  ok: true,
  success: true,
  message,
  redirectUrl: '/',
  username: person.username,
  email: person.email,
  role: 'learner',
});

describe('sign-up and e-mail verification', () => {
  it('sign-up mails a link that verifies the address and signs the user in', async () => {
    const person = newPerson();
    const res = await signUp(person);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, message: messages.signedUp });
    expect(sessionCookie(res)).toBeUndefined();

    const mail = await waitForMail(t.app, smtp, person.email);
    const text = mailText(mail.raw);
    expect(text).toContain('Subject: Verify your email for TradeSkool Test');
    expect(text).toContain(`${t.config.publicUrl}/verify-email/`);
    expect(text).toContain('text/html');

    const verified = await post(
      '/api/verify-email-token',
      { token: linkToken(mail) },
      { cookies: signUpProofCookie(res) },
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual(signedInAs(person, messages.emailVerified));
    const cookie = verified.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await profile(cookie?.value)).toEqual({
      ok: true,
      username: person.username,
      email: person.email,
      role: 'learner',
    });
  });

  it('refuses mismatched passwords and changes nothing', async () => {
    const person = newPerson();
    const res = await signUp(person, { cpassword: `${person.password}x` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ cpassword: messages.passwordsMustMatch });
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', person.email).execute();
    expect(users).toEqual([]);
  });

  it('answers empty and malformed fields with the messages of spec section 5', async () => {
    const empty = await post('/api/signup', { username: '', email: '', password: '', cpassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      username: 'Username is a required field',
      email: 'Email is a required field',
      password: 'Password is a required field',
      cpassword: 'Password is a required field',
    });
    const missing = await post('/api/signin', {});
    expect(missing.json().fields).toEqual({
      email: 'Email is a required field',
      password: 'Password is a required field',
    });
    const malformed = await post('/api/email', { email: 'not-an-address' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ email: 'Email must be a valid email' });
    const short = await signUp(newPerson(), { password: 'short', cpassword: 'short' });
    expect(short.json().fields).toEqual({ password: messages.passwordTooShort });
    const long = 'x'.repeat(129);
    expect((await signUp(newPerson(), { password: long, cpassword: long })).json().fields).toEqual({
      password: messages.passwordTooLong,
    });
  });

  it('gives an address that already has an account the same answer, and mails its owner instead', async () => {
    const owner = newPerson('owner');
    await signUpVerified(owner);
    const again = newPerson('again');
    const res = await signUp(again, { email: owner.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, message: messages.signedUp });
    const second = await waitForMail(t.app, smtp, owner.email, 2);
    expect(mailText(second.raw)).toContain(`${t.config.publicUrl}/login`);
    expect(mailText(second.raw)).not.toContain('/verify-email/');
    const rows = await t.database.db
      .selectFrom('users')
      .select('username')
      .where('email_lower', '=', owner.email)
      .execute();
    expect(rows).toEqual([{ username: owner.username }]);
  });

  it('refuses a taken username (any case) with a message for that field', async () => {
    const first = newPerson();
    await signUpVerified(first);
    const res = await signUp(newPerson(), { username: first.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ok: false, fields: { username: messages.usernameTaken } });
  });

  it('an unverified account cannot sign in with its password and is sent a new link (decision 0004)', async () => {
    const person = newPerson();
    await signUp(person);
    const firstLink = linkToken(await waitForMail(t.app, smtp, person.email));
    const res = await post('/api/signin', { email: person.email, password: person.password }, { ip: person.ip });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ok: false, message: messages.verifyEmailFirst });
    expect(sessionCookie(res)).toBeUndefined();

    const resent = linkToken(await waitForMail(t.app, smtp, person.email, 2));
    expect(resent).not.toBe(firstLink);
    // Only the newest link works; opened in the browser that knew the password, it keeps the password.
    expect((await post('/api/verify-email-token', { token: firstLink })).statusCode).toBe(400);
    const verified = await post('/api/verify-email-token', { token: resent }, { cookies: signUpProofCookie(res) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(messages.emailVerified);
    const after = await post('/api/signin', { email: person.email, password: person.password }, { ip: person.ip });
    expect(after.statusCode).toBe(200);
  });
});

describe('sign-up answers alike for known and unknown addresses (decision 0014)', () => {
  it('whatever the username: a taken one is refused for both, a free one accepted for both', async () => {
    const owner = newPerson('known');
    await signUpVerified(owner);
    const answer = async (email: string, username: string) => {
      const res = await signUp({ ...newPerson(), email, username });
      return { status: res.statusCode, body: res.json(), cookies: res.cookies.map((c) => c.name).sort() };
    };
    const stranger = newPerson('unknown');
    const takenForKnown = await answer(owner.email, owner.username);
    const takenForUnknown = await answer(stranger.email, owner.username);
    expect(takenForKnown.status).toBe(409);
    expect(takenForKnown).toEqual(takenForUnknown);
    const freeForKnown = await answer(owner.email, newPerson().username);
    const freeForUnknown = await answer(newPerson('unknown').email, newPerson().username);
    expect(freeForKnown.status).toBe(200);
    expect(freeForKnown).toEqual(freeForUnknown);
    expect(freeForKnown.cookies).toEqual(['signup_proof']);
  });
});

describe('pre-hijacking: a stranger signs up first with the address of the victim (attack report F1)', () => {
  const attackerPassword = 'attacker knows this 1';

  async function attackerSignsUp(victim: Person) {
    const res = await signUp(newPerson('attacker'), {
      email: victim.email,
      password: attackerPassword,
      cpassword: attackerPassword,
    });
    expect(res.statusCode).toBe(200);
    return res;
  }

  function attackerSignsIn(victim: Person) {
    return post('/api/signin', { email: victim.email, password: attackerPassword }, { ip: '203.0.113.66' });
  }

  it('the victim signs in by an e-mailed sign-in link: the planted password stops working, other sessions end', async () => {
    const victim = newPerson('victim');
    await attackerSignsUp(victim);
    expect((await attackerSignsIn(victim)).statusCode).toBe(403);
    // A session the pending account somehow had (none can be made through the API) ends as well.
    const pending = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', victim.email)
      .executeTakeFirstOrThrow();
    const stray = await createSession(t.database.db, pending.id);

    expect((await post('/api/email', { email: victim.email }, { ip: victim.ip })).statusCode).toBe(200);
    const opened = await post('/api/verify-email-token', {
      token: linkToken(await waitForMail(t.app, smtp, victim.email, 2)),
    });
    expect(opened.statusCode).toBe(200);
    expect((await profile(sessionCookie(opened))).email).toBe(victim.email);
    expect((await profile(stray)).ok).toBe(false);

    const attacker = await attackerSignsIn(victim);
    expect(attacker.statusCode).toBe(401);
    expect(sessionCookie(attacker)).toBeUndefined();
  });

  it('the victim clicks the verification mail that the sign-up of the attacker sent: verified, the planted password dropped', async () => {
    const victim = newPerson('victim');
    await attackerSignsUp(victim);
    const opened = await post('/api/verify-email-token', {
      token: linkToken(await waitForMail(t.app, smtp, victim.email)),
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().message).toBe(messages.emailVerifiedPasswordDropped);
    expect((await attackerSignsIn(victim)).statusCode).toBe(401);
  });

  it('the victim signs up too: their sign-up replaces the pending one, the first link dies, their password works', async () => {
    const victim = newPerson('victim');
    await attackerSignsUp(victim);
    const planted = linkToken(await waitForMail(t.app, smtp, victim.email));
    const own = await signUp(victim);
    expect(own.statusCode).toBe(200);
    const fresh = linkToken(await waitForMail(t.app, smtp, victim.email, 2));
    expect(mailText((await waitForMail(t.app, smtp, victim.email, 2)).raw)).toContain(`Hello ${victim.username},`);
    expect((await attackerSignsIn(victim)).statusCode).toBe(401);
    expect((await post('/api/verify-email-token', { token: planted })).statusCode).toBe(400);

    const verified = await post('/api/verify-email-token', { token: fresh }, { cookies: signUpProofCookie(own) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: messages.emailVerified, username: victim.username });
    expect((await attackerSignsIn(victim)).statusCode).toBe(401);
    const mine = await post('/api/signin', { email: victim.email, password: victim.password }, { ip: victim.ip });
    expect(mine.statusCode).toBe(200);
  });

  it('the sign-up proof of the attacker does not help a click by the victim keep the planted password', async () => {
    const victim = newPerson('victim');
    const attackerAnswer = await attackerSignsUp(victim);
    // The attacker's browser holds a proof for the token it never saw; the victim's click carries none.
    const token = linkToken(await waitForMail(t.app, smtp, victim.email));
    const opened = await post('/api/verify-email-token', { token }, { cookies: 'signup_proof=forged' });
    expect(opened.json().message).toBe(messages.emailVerifiedPasswordDropped);
    expect(signUpProofCookie(attackerAnswer)).not.toContain(token);
    expect((await attackerSignsIn(victim)).statusCode).toBe(401);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password: a new session cookie each time, redirectUrl, username', async () => {
    const person = newPerson();
    const firstSession = await signUpVerified(person);
    const res = await post(
      '/api/signin',
      { email: person.email.toUpperCase(), password: person.password },
      { ip: person.ip },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(signedInAs(person, messages.signedIn));
    const token = sessionCookie(res);
    expect(token).toBeDefined();
    expect(token).not.toBe(firstSession);
    expect((await profile(token)).username).toBe(person.username);
    const bearer = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.json().ok).toBe(true);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const person = newPerson();
    await signUpVerified(person);
    const wrong = await post('/api/signin', { email: person.email, password: 'not the password' }, { ip: person.ip });
    const unknown = await post(
      '/api/signin',
      { email: `nobody-${person.email}`, password: 'whatever1' },
      { ip: person.ip },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ ok: false, message: messages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('takes about as long for an unknown address as for a wrong password (argon2 runs either way)', async () => {
    const person = newPerson();
    await signUpVerified(person);
    const time = async (email: string) => {
      const started = performance.now();
      await post('/api/signin', { email, password: 'not the password' }, { ip: newPerson().ip });
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(person.email));
      unknown.push(await time(`nobody-${i}-${person.email}`));
    }
    // A database miss alone answers in well under a millisecond; a hash takes tens of milliseconds.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });

  it('the 11th attempt within 15 minutes for one address from one IP gets a 429, even with the right password', async () => {
    const person = newPerson();
    await signUpVerified(person);
    for (let i = 1; i <= 10; i++) {
      const res = await post('/api/signin', { email: person.email, password: `wrong ${i}` }, { ip: person.ip });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const blocked = await post('/api/signin', { email: person.email, password: person.password }, { ip: person.ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ ok: false, message: 'Too many attempts, try again in 15 minutes' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(sessionCookie(blocked)).toBeUndefined();

    // Another IP is not locked out of the account, and the window ends after 15 minutes.
    const elsewhere = await post(
      '/api/signin',
      { email: person.email, password: person.password },
      { ip: '192.0.2.99' },
    );
    expect(elsewhere.statusCode).toBe(200);
    await t.database.db
      .updateTable('rate_limits')
      .set({ window_ends_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', `signin:${person.email}|${person.ip}`)
      .execute();
    const later = await post('/api/signin', { email: person.email, password: person.password }, { ip: person.ip });
    expect(later.statusCode).toBe(200);
  });

  it('a suspended account is refused even with the right password', async () => {
    const person = newPerson();
    await signUpVerified(person);
    await t.database.db.updateTable('users').set({ status: 'suspended' }).where('email', '=', person.email).execute();
    const res = await post('/api/signin', { email: person.email, password: person.password }, { ip: person.ip });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.accountUnavailable);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a sign-in that rides a session cookie from a foreign origin', async () => {
    const person = newPerson();
    const session = await signUpVerified(person);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: person.email, password: person.password },
      headers: { cookie: `token=${session}`, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('sign-in links', () => {
  it('mails a link that signs in once; the second use fails', async () => {
    const person = newPerson();
    await signUpVerified(person);
    const res = await post('/api/email', { email: person.email }, { ip: person.ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, message: messages.linkSent });
    const mail = await waitForMail(t.app, smtp, person.email, 2);
    expect(mailText(mail.raw)).toContain('within 15 minutes');
    const token = linkToken(mail);

    const first = await post('/api/verify-email-token', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, username: person.username });
    expect((await profile(sessionCookie(first))).username).toBe(person.username);

    const second = await post('/api/verify-email-token', { token });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ ok: false, message: messages.linkInvalid });
    expect(sessionCookie(second)).toBeUndefined();
  });

  it('the landing page can preview a link (kind, masked address) without using it up', async () => {
    const person = newPerson();
    await signUpVerified(person);
    await post('/api/email', { email: person.email }, { ip: person.ip });
    const token = linkToken(await waitForMail(t.app, smtp, person.email, 2));
    const other = await createSignedInUser(t.database.db);

    for (let i = 0; i < 3; i++) {
      const preview = await post('/api/preview-email-token', { token });
      expect(preview.statusCode).toBe(200);
      // The whole domain and the first letters: enough for the mailbox's owner to recognise it.
      expect(preview.json()).toEqual({ ok: true, purpose: 'sign_in', email: 'use…@example.com', signedInAs: null });
      expect(sessionCookie(preview)).toBeUndefined();
    }
    const asOther = await post('/api/preview-email-token', { token }, { cookie: other.token });
    expect(asOther.json().signedInAs).toBe(other.username);
    expect((await profile(other.token)).username).toBe(other.username);

    const used = await post('/api/verify-email-token', { token });
    expect(used.statusCode).toBe(200);
    expect(used.json().message).toBe(messages.signedIn);
    const after = await post('/api/preview-email-token', { token });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ ok: false, message: messages.linkInvalid });
  });

  it('an expired link fails', async () => {
    const person = newPerson();
    await signUpVerified(person);
    await post('/api/email', { email: person.email }, { ip: person.ip });
    const token = linkToken(await waitForMail(t.app, smtp, person.email, 2));
    const row = await t.database.db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select(['auth_tokens.id', 'auth_tokens.created_at', 'auth_tokens.expires_at'])
      .where('users.email', '=', person.email)
      .where('auth_tokens.used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(15 * 60 * 1000);
    await t.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const res = await post('/api/verify-email-token', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.linkInvalid);
  });

  it('an unknown address gets the same answer and a mail that offers sign-up (decision 0005)', async () => {
    const stranger = newPerson('stranger');
    const res = await post('/api/email', { email: stranger.email }, { ip: stranger.ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, message: messages.linkSent });
    const text = mailText((await waitForMail(t.app, smtp, stranger.email)).raw);
    expect(text).toContain(`${t.config.publicUrl}/registration`);
    expect(text).not.toContain('/verify-email/');
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', stranger.email).execute();
    expect(users).toEqual([]);
  });

  it('sends at most 3 links per address in 15 minutes, then 429', async () => {
    const person = newPerson();
    await signUpVerified(person);
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/email', { email: person.email }, { ip: newPerson().ip })).statusCode).toBe(200);
    }
    const blocked = await post('/api/email', { email: person.email }, { ip: newPerson().ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
    await waitForMail(t.app, smtp, person.email, 4);
    await t.app.deps.mail.deliverPending();
    expect(mailsTo(smtp, person.email)).toHaveLength(4);
  });

  it('sends at most 30 links per IP in an hour, then 429', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/email', { email: `flood-${i}@example.com` }, { ip })).statusCode).toBe(200);
    }
    const blocked = await post('/api/email', { email: 'flood-31@example.com' }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts, try again in 60 minutes');
  });

  it('an unusable token format is refused with the landing page message', async () => {
    const res = await post('/api/verify-email-token', { token: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ token: messages.invalidToken });
    const unknown = await post('/api/verify-email-token', { token: 'A'.repeat(43) });
    expect(unknown.json()).toEqual({ ok: false, message: messages.linkInvalid });
  });
});

describe('sign-up limits', () => {
  it('takes at most 3 sign-ups per address in an hour', async () => {
    const person = newPerson();
    for (let i = 0; i < 3; i++) {
      expect((await signUp({ ...newPerson(), email: person.email })).statusCode).toBe(200);
    }
    const blocked = await signUp({ ...newPerson(), email: person.email });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts, try again in 60 minutes');
  });

  it('takes at most 30 sign-ups per IP in an hour', async () => {
    const ip = '203.0.113.8';
    for (let i = 0; i < 30; i++) {
      expect((await signUp({ ...newPerson(), ip })).statusCode).toBe(200);
    }
    const blocked = await signUp({ ...newPerson(), ip });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('logout', () => {
  it('after logout the profile is refused and the old cookie no longer works', async () => {
    const person = newPerson();
    const session = await signUpVerified(person);
    expect((await profile(session)).ok).toBe(true);
    const res = await post('/api/logout', {}, { cookie: session });
    expect(res.statusCode).toBe(200);
    expect(await profile(session)).toEqual({ ok: false, message: messages.pleaseLogIn });
  });

  it('GET /auth/logout, which any site can link to, only goes home and ends nothing', async () => {
    const person = newPerson();
    const session = await signUpVerified(person);
    const res = await t.app.inject({
      url: '/auth/logout',
      headers: { cookie: `token=${session}`, referer: 'https://evil.example/page' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.cookies).toEqual([]);
    expect((await profile(session)).username).toBe(person.username);
  });

  it('signing in again while signed in ends the previous session', async () => {
    const user = await createSignedInUser(t.database.db);
    const person = newPerson();
    await signUpVerified(person);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: person.email, password: person.password },
      remoteAddress: person.ip,
      headers: { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin },
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(user.token)).ok).toBe(false);
  });
});
