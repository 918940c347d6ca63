import { messages } from '@shop/shared';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';

const t = useTestApp();

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
  expect((await t.app.inject({ method: 'GET', url: '/api/courses?a%00b=1' })).statusCode).toBe(400);
  expect((await t.app.inject({ method: 'GET', url: '/api/courses?q=a&q=b%00' })).statusCode).toBe(400);
  for (const payload of [{ 'na\u0000me': 'x' }, { items: [{ deep: ['ok', 'no\u0000'] }] }]) {
    const refused = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.invalidRequest);
  }
  // A percent-encoded "%00" that decodes to the three characters, not to a NUL, is an ordinary search.
  expect((await t.app.inject({ method: 'GET', url: '/api/courses?q=%2500' })).statusCode).toBe(200);
});
