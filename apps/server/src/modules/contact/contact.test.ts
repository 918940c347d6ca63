import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { mailText } from '../../../test/smtp.js';

const CONTACT_TO = 'desk@tradeskool.test';

let ipCounter = 0;

/** Each test writes from its own address, so the per-IP limit of one test never touches another. */
function nextIp(): string {
  ipCounter += 1;
  return `10.0.3.${ipCounter}`;
}

function postContact(body: unknown, remoteAddress = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/contact', payload: body as object, remoteAddress });
}

function storedMessages() {
  return t.database.db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();
}

function outboxRowFor(text: string) {
  return t.database.db.selectFrom('mail_outbox').selectAll().where('text_body', 'like', `%${text}%`).execute();
}

function receivedMailWith(text: string) {
  return smtp.received.find((mail) => mailText(mail.raw).includes(text));
}

const { t, smtp } = useShopWithMail({ seed: false, env: { CONTACT_TO } });

describe('POST /api/contact', () => {
  it('takes the spec’s fields (user_name, user_email, message, web), stores the message and mails it to CONTACT_TO', async () => {
    const marker = `marker-${Date.now()}`;
    const res = await postContact({
      user_name: 'Asha Patel',
      user_email: 'asha@example.com',
      message: `Is the options course in Gujarati too? ${marker}`,
      web: 'https://asha.example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Message sent successfully' });

    const stored = (await storedMessages()).find((row) => row.message.includes(marker));
    expect(stored).toMatchObject({
      name: 'Asha Patel',
      email: 'asha@example.com',
      website: 'https://asha.example.com',
      handled: 0,
    });

    await expect.poll(() => receivedMailWith(marker), { timeout: 5000 }).toBeDefined();
    const mail = receivedMailWith(marker);
    expect(mail?.to).toEqual([CONTACT_TO]);
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('Subject: Contact form: Asha Patel');
    expect(text).toContain('E-mail: asha@example.com');
    expect(text).toContain('Website: https://asha.example.com');
  });

  it('keeps the message and still answers success when the mail server refuses it', async () => {
    const marker = `refused-${Date.now()}`;
    smtp.rejecting = true;
    try {
      const res = await postContact({
        user_name: 'Ravi Shah',
        user_email: 'ravi@example.com',
        message: `Please call me back about the futures course. ${marker}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: messages.contactSent });
      expect((await storedMessages()).some((row) => row.message.includes(marker))).toBe(true);

      await t.app.deps.mail.deliverPending();
      const [queued] = await outboxRowFor(marker);
      expect(queued).toMatchObject({ to_address: CONTACT_TO, sent_at: null });
      expect(queued?.attempts).toBeGreaterThanOrEqual(1);
      expect(queued?.last_error).toMatch(/550|Mailbox unavailable/);
      expect(receivedMailWith(marker)).toBeUndefined();
    } finally {
      smtp.rejecting = false;
    }

    // The queue's retry delivers it once the mail server takes mail again.
    await t.app.deps.mail.deliverPending(new Date(Date.now() + 24 * 3600_000));
    expect(receivedMailWith(marker)).toBeDefined();
  });

  it('keeps the name on one line, so it cannot add mail headers', async () => {
    const marker = `oneline-${Date.now()}`;
    const res = await postContact({
      user_name: 'Eve\r\nBcc: victim@example.com',
      user_email: 'eve@example.com',
      message: `Header test ${marker}`,
    });
    expect(res.statusCode).toBe(200);
    const stored = (await storedMessages()).find((row) => row.message.includes(marker));
    expect(stored?.name).toBe('Eve Bcc: victim@example.com');
    await expect.poll(() => receivedMailWith(marker), { timeout: 5000 }).toBeDefined();
    expect(receivedMailWith(marker)?.to).toEqual([CONTACT_TO]);
  });

  it.each([
    [
      'nothing filled in',
      {},
      { user_name: messages.nameRequired, user_email: messages.emailRequired, message: messages.commentRequired },
    ],
    [
      'blank fields',
      { user_name: '  ', user_email: ' ', message: '   ' },
      { user_name: messages.nameRequired, user_email: messages.emailRequired, message: messages.commentRequired },
    ],
    [
      'a bad e-mail',
      { user_name: 'A', user_email: 'not-an-email', message: 'A long enough message' },
      { user_email: 'Email must be a valid email' },
    ],
    [
      'a 9-character message',
      { user_name: 'A', user_email: 'a@example.com', message: '123456789' },
      { message: messages.commentTooShort },
    ],
    [
      'a 5,001-character message',
      { user_name: 'A', user_email: 'a@example.com', message: 'x'.repeat(5001) },
      { message: messages.commentTooLong },
    ],
    [
      'a 101-character name',
      { user_name: 'n'.repeat(101), user_email: 'a@example.com', message: 'Long enough.' },
      { user_name: messages.nameTooLong },
    ],
  ])('refuses %s with 400 and field messages, and stores nothing', async (_case, body, fields) => {
    const before = (await storedMessages()).length;
    const outboxBefore = (await t.database.db.selectFrom('mail_outbox').select('id').execute()).length;
    const res = await postContact(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, fields });
    expect(res.json().message).toEqual(expect.any(String));
    expect(await storedMessages()).toHaveLength(before);
    expect(await t.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(outboxBefore);
  });

  it('accepts a message of exactly 10 and of exactly 5,000 characters', async () => {
    const ip = nextIp();
    for (const message of ['1234567890', 'y'.repeat(5000)]) {
      const res = await postContact({ user_name: 'Edge', user_email: 'edge@example.com', message }, ip);
      expect(res.statusCode).toBe(200);
    }
  });

  it('allows 5 messages per IP per hour, then answers 429 with a clear message and stores nothing more', async () => {
    const ip = nextIp();
    const body = (n: number) => ({
      user_name: 'Busy',
      user_email: 'busy@example.com',
      message: `Message number ${n} ${ip}`,
    });
    for (let n = 1; n <= 5; n++) expect((await postContact(body(n), ip)).statusCode).toBe(200);

    const refused = await postContact(body(6), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ ok: false, message: messages.contactTooMany });
    expect((await storedMessages()).filter((row) => row.message.endsWith(ip))).toHaveLength(5);

    expect((await postContact(body(7), nextIp())).statusCode).toBe(200);
  });
});

describe('contact mail without CONTACT_TO', () => {
  it('goes to CONTACT_EMAIL', async () => {
    const other = await createTestApp({ CONTACT_EMAIL: 'hello@shop.test' });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { user_name: 'Mehul', user_email: 'mehul@example.com', message: 'Where is your office?' },
      });
      expect(res.statusCode).toBe(200);
      const rows = await other.database.db.selectFrom('mail_outbox').select('to_address').execute();
      expect(rows.map((row) => row.to_address)).toEqual(['hello@shop.test']);
    } finally {
      await other.close();
    }
  });
});
