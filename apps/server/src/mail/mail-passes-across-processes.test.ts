import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../../test/helpers.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { createMailQueue, MAIL_CLAIM_MS } from './mailer.js';

let smtp: TestSmtp;
let database: TestDatabase;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  smtp = await startSmtp();
  database = await createTestDatabase();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

it(`scaled out on ${engine}: passes of three processes at once send each queued mail exactly once`, async () => {
  const config = testConfig({ SMTP_URL: smtp.url });
  // Three processes' queues on one database, their kicks handed to a job engine (as runJobs does).
  const queues = [0, 1, 2].map(() => createMailQueue(database.db, config, log));
  for (const queue of queues) queue.handPassesTo(async () => {});
  const addresses = Array.from({ length: 30 }, (_, n) => `once-${n}@example.com`);
  for (const to of addresses) await queues[0]?.enqueue({ to, subject: 'Once', text: 'Exactly once.' });
  await Promise.all(queues.flatMap((queue) => [queue.deliverPending(), queue.deliverPending(new Date())]));
  const received = smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('once-')));
  expect(received.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort());
  const unsent = await database.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
  expect(unsent).toEqual([]);
  for (const queue of queues) await queue.stop();
});

it('a mail claimed by a pass whose process died is sent by a later pass once the claim has run out', async () => {
  const config = testConfig({ SMTP_URL: smtp.url });
  const queue = createMailQueue(database.db, config, log);
  queue.handPassesTo(async () => {});
  await queue.enqueue({ to: 'orphan@example.com', subject: 'Orphan', text: 'Claimed, then the process died.' });
  // What a pass leaves behind when killed between its claim and the send.
  const claimedUntil = new Date(Date.now() + MAIL_CLAIM_MS).toISOString();
  await database.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: claimedUntil })
    .where('to_address', '=', 'orphan@example.com')
    .execute();
  expect(await queue.deliverPending(new Date())).toBe(0);
  expect(await queue.deliverPending(new Date(Date.now() + MAIL_CLAIM_MS + 1000))).toBe(1);
  expect(smtp.received.filter((mail) => mail.to.includes('orphan@example.com'))).toHaveLength(1);
  await queue.stop();
});
