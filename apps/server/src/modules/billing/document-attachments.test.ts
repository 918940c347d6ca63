import { expect, it } from 'vitest';
import { waitForMail } from '../../../test/account-flows.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { pdfAttachments, pdfText } from '../../../test/pdf.js';
import { refundAsOperator } from '../../../test/refunds.js';
import { issuedDocument } from '../../../test/test-documents.js';
import { buy } from '../../../test/test-purchases.js';
import { ATTACHED_MAILS_PER_SECOND } from '../../mail/mailer.js';
import { demoCourses } from '../../seed/seed-courses.js';

const { t, smtp } = useShopWithMail();

const documentOf = (orderId: string, kind: 'invoice' | 'credit_note') => issuedDocument(t, orderId, kind);
const aSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/**
 * The process counts as idle from here on, and the earlier tests' mails (paced by a busy machine's real
 * measure) have left: the pacing tests then own their seconds.
 */
async function idleAndDrained() {
  t.app.deps.mail.measureBusynessWith(() => 0);
  await aSecond();
  await t.app.deps.mail.deliverPending();
}

it('the order confirmation carries the invoice PDF and the refund notice the credit note, rendered when sent', async () => {
  const { user, orderId } = await buy(t, [demoCourses[0]?._id ?? ''], {
    state: '27',
    pin: '411001',
    disclaimerAccepted: true,
  });
  const { number: invoice } = await documentOf(orderId, 'invoice');

  // The outbox row holds a reference, not the file: nothing was rendered in the paying transaction.
  const queued = await t.database.db
    .selectFrom('mail_outbox')
    .select('attachments_json')
    .where('to_address', '=', user.email)
    .executeTakeFirstOrThrow();
  expect(JSON.parse(queued.attachments_json ?? '[]')).toEqual([{ orderId, kind: 'invoice', number: invoice }]);

  const confirmation = await waitForMail(t.app, smtp, user.email, 1);
  const [attached, ...more] = pdfAttachments(confirmation.raw);
  expect(more).toEqual([]);
  expect(attached?.filename).toBe(`${invoice.replaceAll('/', '-')}.pdf`);
  const text = await pdfText(attached?.pdf ?? Buffer.alloc(0));
  expect(text).toContain(`Number: ${invoice}`);
  expect(text).toContain('Tax Invoice');
  // The same file the buyer downloads.
  const download = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/invoice`,
    headers: { cookie: user.cookie },
  });
  expect(download.rawPayload.equals(attached?.pdf ?? Buffer.alloc(0))).toBe(true);

  await refundAsOperator(t, orderId);
  const { number: creditNote } = await documentOf(orderId, 'credit_note');
  const notice = await waitForMail(t.app, smtp, user.email, 2);
  const [note] = pdfAttachments(notice.raw);
  expect(note?.filename).toBe(`${creditNote.replaceAll('/', '-')}.pdf`);
  const noteText = await pdfText(note?.pdf ?? Buffer.alloc(0));
  expect(noteText).toContain('Credit Note');
  expect(noteText).toContain(`Number: ${creditNote}`);
  expect(noteText).toContain(`Against invoice ${invoice}`);
});

it('a mail naming a document that was never issued is not sent without it: it stays queued with the error', async () => {
  const id = await t.app.deps.mail.enqueue({
    to: 'nobody@example.com',
    subject: 'Broken reference',
    text: 'x',
    attachments: [{ orderId: 'no-such-order', kind: 'invoice', number: 'TS/26-27/999999' }],
  });
  await t.app.deps.mail.deliverPending();
  const row = await t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(row.sent_at).toBeNull();
  expect(row.attempts).toBe(1);
  expect(row.last_error).toBe('no invoice TS/26-27/999999 for order no-such-order');
  expect(smtp.received.some((mail) => mail.to.includes('nobody@example.com'))).toBe(false);
});

it(`renders at most ${ATTACHED_MAILS_PER_SECOND} attached PDFs a second, so a burst of purchases keeps its speed; the rest follow`, async () => {
  await idleAndDrained();
  const { orderId } = await buy(t, [demoCourses[1]?._id ?? '']);
  const { number } = await documentOf(orderId, 'invoice');
  await t.app.deps.mail.deliverPending();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const burst = 15;
  for (let i = 0; i < burst; i++)
    await t.app.deps.mail.enqueue({
      to: `burst-${i}@example.com`,
      subject: 'Your invoice',
      text: 'attached',
      attachments: [{ orderId, kind: 'invoice', number }],
    });
  const delivered = () => smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('burst-'))).length;
  const started = performance.now();
  await t.app.deps.mail.deliverPending();
  const firstPassMs = performance.now() - started;
  expect(delivered()).toBe(ATTACHED_MAILS_PER_SECOND);
  console.info(`${ATTACHED_MAILS_PER_SECOND} attached mails rendered and sent in ${firstPassMs.toFixed(0)} ms`);
  // The queue comes back by itself once the second has passed.
  const deadline = Date.now() + 5000;
  while (delivered() < burst && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(delivered()).toBe(burst);
});

it('while the process is saturated, a backlog leaves at one attached mail a second, so the checkout keeps the CPU', async () => {
  await idleAndDrained();
  const { orderId } = await buy(t, [demoCourses[2]?._id ?? '']);
  const { number } = await documentOf(orderId, 'invoice');
  await t.app.deps.mail.deliverPending();
  await aSecond();
  const queue = async (prefix: string, count: number) => {
    for (let i = 0; i < count; i++)
      await t.app.deps.mail.enqueue({
        to: `${prefix}-${i}@example.com`,
        subject: 'Your invoice',
        text: 'attached',
        attachments: [{ orderId, kind: 'invoice', number }],
      });
  };
  const delivered = (prefix: string) =>
    smtp.received.filter((mail) => mail.to.some((to) => to.startsWith(`${prefix}-`))).length;
  t.app.deps.mail.measureBusynessWith(() => 1);
  // A few waiting mails are no backlog: they leave at once, however busy the process.
  await queue('few', 2);
  await t.app.deps.mail.deliverPending();
  expect(delivered('few')).toBe(2);
  await aSecond();
  // A backlog (more than a second's budget) leaves one a second while saturated...
  const backlog = ATTACHED_MAILS_PER_SECOND + 2;
  await queue('busy', backlog);
  await t.app.deps.mail.deliverPending();
  expect(delivered('busy')).toBe(1);
  // ...and, once the load has passed, at the full pace: ten the next second, the last one after.
  t.app.deps.mail.measureBusynessWith(() => 0);
  const deadline = Date.now() + 6000;
  while (delivered('busy') < backlog && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(delivered('busy')).toBe(backlog);
});
