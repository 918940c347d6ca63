import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../../test/helpers.js';
import { mailText } from '../../test/smtp.js';
import { useSmtp } from '../../test/use-smtp.js';
import {
  ATTACHED_MAILS_PER_SECOND,
  attachedMailBudget,
  createMailQueue,
  duePassQueries,
  MAIL_CLAIM_MS,
} from './mailer.js';

const smtp = useSmtp();
let database: TestDatabase;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The outbox row of the one message to `to`. */
const outboxRow = (to: string) =>
  database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

describe('mail queue', () => {
  it('renders attached mails at the full pace up to half busy, fewer above, and at least one a second', () => {
    expect(ATTACHED_MAILS_PER_SECOND).toBe(10);
    expect([0, 0.3, 0.5, 0.6, 0.75, 0.9, 0.97, 1, 1.2].map(attachedMailBudget)).toEqual([10, 10, 10, 8, 5, 2, 1, 1, 1]);
  });

  it('once stopped, starts no new pass: the database closes right after', async () => {
    const queue = createMailQueue(database.db, testConfig({ SMTP_URL: smtp().url }), log);
    await queue.enqueue({ to: 'stopped@example.com', subject: 'Later', text: 'body' });
    await queue.stop();
    queue.kick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp().received.filter((mail) => mail.to.includes('stopped@example.com'))).toEqual([]);
    const row = await outboxRow('stopped@example.com');
    expect(row).toMatchObject({ sent_at: null, attempts: 0 });
    await database.db.deleteFrom('mail_outbox').where('id', '=', row.id).execute();
  });

  it('delivers through SMTP and marks the message sent', async () => {
    const queue = createMailQueue(database.db, testConfig({ SMTP_URL: smtp().url }), log);
    await queue.enqueue({ to: 'a@example.com', subject: 'Hello', text: 'Open https://shop.test/x' });
    expect(await queue.deliverPending()).toBe(1);
    const mail = await smtp().waitFor('a@example.com');
    expect(mailText(mail.raw)).toContain('https://shop.test/x');
    const row = await outboxRow('a@example.com');
    expect(row.sent_at).not.toBeNull();
  });

  it('keeps a refused message and retries it later', async () => {
    const queue = createMailQueue(database.db, testConfig({ SMTP_URL: smtp().url }), log);
    smtp().rejecting = true;
    await queue.enqueue({ to: 'b@example.com', subject: 'Retry me', text: 'body' });
    expect(await queue.deliverPending()).toBe(0);
    const pending = await outboxRow('b@example.com');
    expect(pending).toMatchObject({ sent_at: null, attempts: 1 });
    expect(pending.last_error).toMatch(/550|Mailbox/);
    smtp().rejecting = false;
    expect(await queue.deliverPending(new Date(Date.now() + 60_000))).toBe(1);
    await smtp().waitFor('b@example.com');
  });

  it('writes an .eml file to the dev outbox when no SMTP_URL is set', async () => {
    const config = testConfig();
    const queue = createMailQueue(database.db, config, log);
    await queue.enqueue({
      to: 'c@example.com',
      subject: 'Outbox',
      text: 'Link: http://localhost:3000/verify-email/abc',
    });
    await queue.deliverPending();
    const files = fs.readdirSync(path.join(config.dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(config.dataDir, 'outbox', files[0] ?? ''), 'utf8')).toContain('verify-email/abc');
  });
});

describe('mail queue hygiene', () => {
  it('keeps no body (and so no sign-in link) once a mail is delivered', async () => {
    const queue = createMailQueue(database.db, testConfig({ SMTP_URL: smtp().url }), log);
    const id = await queue.enqueue({
      to: 'd@example.com',
      subject: 'Link',
      text: 'Sign in: https://shop.test/verify-email/SECRET',
      html: '<a href="x">SECRET</a>',
    });
    await queue.deliverPending();
    const row = await database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain('SECRET');
  });

  it('a mail queued during a delivery pass goes out without waiting for the timer', async () => {
    const queue = createMailQueue(database.db, testConfig({ SMTP_URL: smtp().url }), log);
    await queue.enqueue({ to: 'e1@example.com', subject: 'First', text: 'one' });
    const pass = queue.deliverPending();
    await queue.send({ to: 'e2@example.com', subject: 'Second', text: 'two' });
    await pass;
    await smtp().waitFor('e2@example.com', 5000);
  });

  it('asks for due mail through one index per question, oldest first, without reading the rest of the queue', async () => {
    // During a sale thousands of confirmations wait for their PDF; a pass that read and sorted all of
    // them cost milliseconds after every purchase (migration 021).
    const plan = async (text: string, parameters: unknown[]) => {
      if (database.config.kind === 'sqlite') {
        const rows = await database.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${text}`, parameters),
        );
        return rows.rows.map((row) => row.detail).join('\n');
      }
      // The tables here are small, where PostgreSQL rightly scans; with scans priced out it shows the index it can use.
      return database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const explained = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${text}`, parameters),
        );
        return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    };
    const now = new Date().toISOString();
    const plain = await plan(duePassQueries.dueMail.text(database.db), [10, now, 50]);
    const attached = await plan(duePassQueries.dueAttachedMail.text(database.db), [10, now, 10]);
    expect(plain).toContain('mail_outbox_due_plain');
    expect(attached).toContain('mail_outbox_due_attached');
    for (const text of [plain, attached]) expect(text).not.toMatch(/TEMP B-TREE|Sort/);
  });
});

describe('mail passes of several processes (SCALE_OUT=1)', () => {
  it(`scaled out on ${engine}: passes of three processes at once send each queued mail exactly once`, async () => {
    const config = testConfig({ SMTP_URL: smtp().url });
    // Three processes' queues on one database, their kicks handed to a job engine (as runJobs does).
    const queues = [0, 1, 2].map(() => createMailQueue(database.db, config, log));
    for (const queue of queues) queue.handPassesTo(async () => {});
    const addresses = Array.from({ length: 30 }, (_, n) => `once-${n}@example.com`);
    for (const to of addresses) await queues[0]?.enqueue({ to, subject: 'Once', text: 'Exactly once.' });
    await Promise.all(queues.flatMap((queue) => [queue.deliverPending(), queue.deliverPending(new Date())]));
    const received = smtp().received.filter((mail) => mail.to.some((to) => to.startsWith('once-')));
    expect(received.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort());
    const unsent = await database.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
    expect(unsent).toEqual([]);
    for (const queue of queues) await queue.stop();
  });

  it('a mail claimed by a pass whose process died is sent by a later pass once the claim has run out', async () => {
    const config = testConfig({ SMTP_URL: smtp().url });
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
    expect(smtp().received.filter((mail) => mail.to.includes('orphan@example.com'))).toHaveLength(1);
    await queue.stop();
  });
});
