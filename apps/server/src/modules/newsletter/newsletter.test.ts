import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let ipCounter = 0;

function subscribe(body: unknown, remoteAddress = `10.0.4.${++ipCounter}`) {
  return t.app.inject({ method: 'POST', url: '/api/newsletter', payload: body as object, remoteAddress });
}

function subscribers() {
  return t.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/newsletter', () => {
  it('stores a valid address and confirms', async () => {
    const res = await subscribe({ email: '  Kiran@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: messages.newsletterSubscribed });
    const rows = (await subscribers()).filter((row) => row.email_lower === 'kiran@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('Kiran@Example.com');
  });

  it('answers a second sign-up of the same address the same way and adds no row', async () => {
    expect((await subscribe({ email: 'twice@example.com' })).statusCode).toBe(200);
    const again = await subscribe({ email: 'TWICE@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, message: messages.newsletterSubscribed });
    expect((await subscribers()).filter((row) => row.email_lower === 'twice@example.com')).toHaveLength(1);
  });

  it.each([
    ['an invalid address', { email: 'not an email' }, 'Email must be a valid email'],
    ['an empty address', { email: '' }, messages.emailRequired],
    ['no address', {}, messages.emailRequired],
  ])('refuses %s with 400 and the e-mail message, and stores nothing', async (_case, body, fieldMessage) => {
    const before = (await subscribers()).length;
    const res = await subscribe(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, fields: { email: fieldMessage } });
    expect(await subscribers()).toHaveLength(before);
  });

  it('allows 5 sign-ups per IP per hour, then answers 429', async () => {
    const ip = '10.0.4.250';
    for (let n = 1; n <= 5; n++) expect((await subscribe({ email: `limit${n}@example.com` }, ip)).statusCode).toBe(200);
    const refused = await subscribe({ email: 'limit6@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ ok: false, message: messages.newsletterTooMany });
    expect((await subscribers()).some((row) => row.email === 'limit6@example.com')).toBe(false);
  });
});
