import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../src/auth/passwords.js';
import type { TestApp } from './helpers.js';
import { mailText, type ReceivedMail, type TestSmtp } from './smtp.js';

/**
 * The `count`-th mail to `to` caught by the SMTP listener. Each poll also runs a delivery pass, since a
 * mail queued while an earlier pass was under way waits for the next one.
 */
export async function waitForMail(
  app: FastifyInstance,
  smtp: TestSmtp,
  to: string,
  count = 1,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = smtp.received.filter((mail) => mail.to.includes(to.toLowerCase()));
    const mail = mails[count - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`mail #${count} to ${to} did not arrive within ${timeoutMs} ms`);
    await app.deps.mail.deliverPending();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function mailsTo(smtp: TestSmtp, to: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** The token of the /verify-email/{token} link in a mail, as a reader would click it. */
export function linkToken(mail: ReceivedMail): string {
  const match = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mailText(mail.raw));
  if (!match?.[1]) throw new Error(`no verification link in the mail:\n${mail.raw}`);
  return match[1];
}

/** The value of the session cookie a response sets, or undefined. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'token');
  return cookie?.value || undefined;
}

/**
 * The sign-up proof cookie a sign-up (or an unverified account's password sign-in) hands the browser,
 * as a `cookie` header value, so a test can open the mailed link "in the same browser".
 */
export function signUpProofCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'signup_proof');
  if (!cookie?.value) throw new Error('the answer set no sign-up proof cookie');
  return `signup_proof=${cookie.value}`;
}

let counter = 0;

/** A unique address, username and client IP for one test's person. */
export function newPerson(prefix = 'user') {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    username: `${prefix}_${suffix}`,
    email: `${prefix}.${suffix}@example.com`,
    password: `correct horse ${suffix}`,
    ip: `198.51.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`,
  };
}

type Person = ReturnType<typeof newPerson>;

/**
 * The account calls a test makes as one browser on the shop's own pages (so every POST names the
 * shop's origin): `cookie` is a session token, `cookies` a raw cookie header (the sign-up proof, say).
 */
export function accountCalls(shop: () => { t: TestApp; smtp: TestSmtp }) {
  function post(url: string, payload: object, options: { ip?: string; cookie?: string; cookies?: string } = {}) {
    const { t } = shop();
    const cookie = [options.cookie && `token=${options.cookie}`, options.cookies].filter(Boolean).join('; ');
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip,
      headers: { origin: new URL(t.config.publicUrl).origin, ...(cookie ? { cookie } : {}) },
    });
  }
  async function profile(token: string | undefined) {
    const res = await shop().t.app.inject({ url: '/api/profile', headers: token ? { cookie: `token=${token}` } : {} });
    return res.json();
  }
  function signUp(person: Person, overrides: object = {}) {
    const { username, email, password } = person;
    return post('/api/signup', { username, email, password, cpassword: password, ...overrides }, { ip: person.ip });
  }
  /**
   * Signs up and follows the mailed verification link in the same browser: a verified account that
   * keeps its password; the session token the verification opened.
   */
  async function signUpVerified(person: Person): Promise<string> {
    const { t, smtp } = shop();
    const signedUp = await signUp(person);
    expect(signedUp.statusCode).toBe(200);
    const res = await post(
      '/api/verify-email-token',
      { token: linkToken(await waitForMail(t.app, smtp, person.email)) },
      { cookies: signUpProofCookie(signedUp) },
    );
    expect(res.statusCode).toBe(200);
    const token = sessionCookie(res);
    if (!token) throw new Error('no session after verification');
    return token;
  }
  return { post, profile, signUp, signUpVerified };
}

/** The learner deletes their account in the privacy centre, confirming with a password given them first. */
export async function deleteAccount(t: TestApp, user: { id: string; cookie: string }) {
  const password = 'my own long passphrase';
  await t.database.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', user.id)
    .execute();
  return t.app.inject({
    method: 'POST',
    url: '/api/me/delete',
    headers: { origin: new URL(t.config.publicUrl).origin, cookie: user.cookie },
    payload: { password },
  });
}
