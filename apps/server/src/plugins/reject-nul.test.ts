import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// PostgreSQL refuses NUL in text: before this check, these answered 500 there.
it('refuses a NUL character in a body, a query or a path with 400 and stores nothing', async () => {
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Nul\u0000', email: 'nul@example.com', message: 'A message that is long enough.' },
  });
  expect(contact.statusCode).toBe(400);
  expect(contact.json().ok).toBe(false);
  expect(await t.database.db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
  expect(await t.database.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: '/api/courses?q=a%00b' })).statusCode).toBe(400);
  expect((await t.app.inject({ method: 'GET', url: '/api/courses/%00' })).statusCode).toBe(400);
});
