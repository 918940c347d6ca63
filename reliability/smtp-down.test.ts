import { afterAll, expect, test } from 'vitest';
import type { DbHandle } from '../apps/server/src/db/database';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp';
import { openServerDatabase } from './support/databases';
import { type ServerProcess, startServer } from './support/server-process';
import { recordTally } from './support/tally';

let smtp: TestSmtp | undefined;
let server: ServerProcess | undefined;
let database: DbHandle | undefined;

afterAll(async () => {
  await database?.close();
  await server?.stop();
  server?.dispose();
  await smtp?.close();
});

async function outbox(db: DbHandle['db']) {
  return db.selectFrom('mail_outbox').select(['to_address', 'sent_at', 'attempts', 'last_error']).execute();
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('with the mail server refusing, sign-up and contact still succeed; the persisted queue delivers once it accepts', async () => {
  smtp = await startSmtp();
  smtp.rejecting = true;
  const operator = 'operator@example.com';
  server = await startServer({ SMTP_URL: smtp.url, CONTACT_TO: operator });
  database = openServerDatabase(server.env);
  const learner = `smtp-down-${Date.now()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${server?.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server?.origin ?? '' },
      body: JSON.stringify(body),
    });

  const signUp = await post('/api/signup', {
    username: 'Mail Down',
    email: learner,
    password: 'correct horse battery',
    cpassword: 'correct horse battery',
  });
  expect(signUp.status).toBe(200);
  expect((await signUp.json()).ok).toBe(true);
  const contact = await post('/api/contact', {
    user_name: 'Mail Down',
    user_email: learner,
    message: 'The mail server is down but this message must not be lost.',
  });
  expect(contact.status).toBe(200);

  // Both mails are kept with the refusal recorded, not dropped.
  const failed = await waitUntil(
    () => outbox(database?.db as DbHandle['db']),
    (rows) => rows.length >= 2 && rows.every((row) => row.attempts >= 1 && row.last_error),
    'both mails were tried and refused',
  );
  expect(failed.map((row) => row.to_address).sort()).toEqual([learner, operator].sort());
  expect(failed.every((row) => row.sent_at === null && /550|Mailbox unavailable/.test(row.last_error ?? ''))).toBe(
    true,
  );
  expect(smtp.received).toEqual([]);

  // The mail server recovers; the server dies and comes back. The back-off (30 s) is taken as elapsed.
  smtp.rejecting = false;
  await server.kill();
  await database.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .where('sent_at', 'is', null)
    .execute();
  await server.start();
  await smtp.waitFor(learner, 15_000);
  await smtp.waitFor(operator, 15_000);
  const delivered = await waitUntil(
    () => outbox(database?.db as DbHandle['db']),
    (rows) => rows.every((row) => row.sent_at !== null),
    'every mail is marked sent',
  );
  expect(delivered).toHaveLength(2);
  expect(server.errorLines()).toEqual([]);
  recordTally('smtp-down', { requests: 2, mails: smtp.received.length });
});
