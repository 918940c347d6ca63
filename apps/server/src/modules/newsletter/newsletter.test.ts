import { messages } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../../../test/account-flows.js';
import { callAs } from '../../../test/admin-test-client.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { mailText } from '../../../test/smtp.js';

let admin: TestUser;
let ipCounter = 0;

function subscribe(body: unknown, remoteAddress = `10.0.4.${++ipCounter}`) {
  return t.app.inject({ method: 'POST', url: '/api/newsletter', payload: body as object, remoteAddress });
}

async function rowOf(email: string) {
  return t.database.db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The confirmation link's token, from the mail the SMTP listener received. */
async function confirmationToken(email: string, count = 1): Promise<string> {
  const text = mailText((await waitForMail(t.app, smtp, email, count)).raw);
  const token = text.match(/\/newsletter\/confirm\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link in: ${text}`);
  return token;
}

const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token }, remoteAddress: '10.0.9.1' });

async function subscribeAndConfirm(email: string) {
  expect((await subscribe({ email })).statusCode).toBe(200);
  expect((await confirm(await confirmationToken(email))).statusCode).toBe(200);
}

const csv = async () => (await callAs(t, admin)('GET', '/api/admin/subscribers.csv')).body;

const { t, smtp } = useShopWithMail({ seed: false });
beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
});

describe('newsletter double opt-in', () => {
  it('a sign-up mails a confirmation link; the address is a subscriber only after the click', async () => {
    const res = await subscribe({ email: '  Kiran@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: messages.newsletterSubscribed });
    const token = await confirmationToken('kiran@example.com');
    expect((await rowOf('kiran@example.com'))?.confirmed_at).toBeNull();
    expect(await csv()).not.toContain('Kiran@Example.com');

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, message: messages.newsletterConfirmed });
    expect((await rowOf('kiran@example.com'))?.confirmed_at).not.toBeNull();
    expect(await csv()).toContain('Kiran@Example.com');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ ok: false, message: messages.newsletterConfirmInvalid });
  });

  it('an unknown or expired token confirms nothing', async () => {
    expect((await confirm('made-up-token')).statusCode).toBe(400);
    await subscribe({ email: 'late@example.com' });
    const token = await confirmationToken('late@example.com');
    await t.database.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email_lower', '=', 'late@example.com')
      .execute();
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await rowOf('late@example.com'))?.confirmed_at).toBeNull();
  });

  it('answers a confirmed address exactly as a new one, and mails it nothing more', async () => {
    await subscribeAndConfirm('twice@example.com');
    const again = await subscribe({ email: 'TWICE@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, message: messages.newsletterSubscribed });
    await t.app.deps.mail.deliverPending();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.app.deps.mail.deliverPending();
    expect(smtp.received.filter((mail) => mail.to.includes('twice@example.com'))).toHaveLength(1);
  });

  it.each([
    ['an invalid address', { email: 'not an email' }, 'Email must be a valid email'],
    ['an empty address', { email: '' }, messages.emailRequired],
    ['no address', {}, messages.emailRequired],
  ])('refuses %s with 400 and the e-mail message, and stores nothing', async (_case, body, fieldMessage) => {
    const before = await t.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    const res = await subscribe(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, fields: { email: fieldMessage } });
    expect(await t.database.db.selectFrom('newsletter_subscribers').selectAll().execute()).toHaveLength(before.length);
  });

  it('allows 5 sign-ups per IP per hour, then answers 429', async () => {
    const ip = '10.0.4.250';
    for (let n = 1; n <= 5; n++) expect((await subscribe({ email: `limit${n}@example.com` }, ip)).statusCode).toBe(200);
    const refused = await subscribe({ email: 'limit6@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ ok: false, message: messages.newsletterTooMany });
  });

  it('mails one address at most 3 confirmation links in 15 minutes, whatever the IP', async () => {
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push((await subscribe({ email: 'flooded@example.com' })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe('newsletters and their one-click unsubscribe', () => {
  it('go only to confirmed subscribers, with List-Unsubscribe headers that work without signing in', async () => {
    await subscribeAndConfirm('reader@example.com');
    await subscribe({ email: 'pending@example.com' });
    await confirmationToken('pending@example.com');
    const sent = await callAs(t, admin)('POST', '/api/admin/newsletter/send', {
      subject: 'New course: Options Greeks',
      body: 'Our new course on option Greeks is out.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const raw = (await waitForMail(t.app, smtp, 'reader@example.com', 2)).raw;
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const header = raw.replace(/\r?\n[ \t]+/g, ' ').match(/^List-Unsubscribe: <([^>]+)>/m)?.[1];
    expect(header).toMatch(/^http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=/);
    const text = mailText(raw);
    expect(text).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/newsletter\/unsubscribe\/[A-Za-z0-9_-]+/);
    await t.app.deps.mail.deliverPending();
    expect(smtp.received.filter((mail) => mail.to.includes('pending@example.com'))).toHaveLength(1);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'newsletter.sent')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_email).toBe(admin.email);

    // RFC 8058: the mail provider POSTs the form body to the header's URL, with no cookie and its own origin.
    const url = new URL(header ?? '');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ ok: true, message: messages.unsubscribed });
    expect(await rowOf('reader@example.com')).toBeUndefined();
    expect(await csv()).not.toContain('reader@example.com');
    // A second click (or a replay) is not an error.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${url.pathname}${url.search}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);
  });

  it("the unsubscribe page's JSON call works too, and a learner cannot send newsletters", async () => {
    await subscribeAndConfirm('page@example.com');
    const token = (await rowOf('page@example.com'))?.unsubscribe_token ?? '';
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(await rowOf('page@example.com')).toBeUndefined();
    const learner = await createSignedInUser(t.database.db);
    expect(
      (await callAs(t, learner)('POST', '/api/admin/newsletter/send', { subject: 'x', body: 'y' })).statusCode,
    ).toBe(403);
  });
});
