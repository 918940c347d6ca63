import { invoiceRegisterResponse, subscriptionChargeDocumentPath } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { useMembershipShop } from '../../../test/membership-kit.js';
import { mailText } from '../../../test/smtp.js';
import { useSmtp } from '../../../test/use-smtp.js';

// The invoice register lists membership and instalment charges' documents beside orders' (decision 0037).
// From its row the operator downloads a charge's PDF where the learner does, and e-mails it again to the
// buyer frozen on it, by the gateway's payment id: the order's paths answered 404 and 400 for them.
// Mails are counted in the outbox and read as the mail server receives them (the outbox keeps no body once sent).

const smtp = useSmtp();
const { t, post, get, admin, learner, chargedMember, newPlan } = useMembershipShop({
  settings: () => ({ SMTP_URL: smtp().url }),
});

/** The register of January 2026, where the membership tests' clock stands; must answer 200. */
async function register(by: TestUser) {
  const res = await get('/api/admin/invoices?month=2026-01', by);
  expect(res.statusCode, res.body).toBe(200);
  return invoiceRegisterResponse.parse(res.json()).register;
}

/** How many mails resending the document `number` were queued to `email` (not the charge's own receipt). */
const resentMails = async (email: string, number: string) =>
  (
    await t.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', email)
      .where('subject', 'like', `Your tax invoice ${number} from %`)
      .execute()
  ).length;

/** The text of the first mail to `email` the mail server received with `needle` in it (waits for the mail pass). */
async function received(email: string, needle: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const found = smtp()
      .received.filter((mail) => mail.to.includes(email.toLowerCase()))
      .map((mail) => mailText(mail.raw))
      .find((text) => text.includes(needle));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail with ${needle}`);
}

describe("the register's membership charge documents", () => {
  it('link to the PDF where the learner gets it, and resend by payment id: mailed, audited, 3 an hour', async () => {
    const operator = await admin();
    const member = await learner();
    const plan = await newPlan();
    const { subscriptionId } = await chargedMember(member, plan.id);
    const { gateway_payment_id: paymentId } = await t.database.db
      .selectFrom('subscription_charges')
      .select('gateway_payment_id')
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();

    const row = (await register(operator)).rows.find((r) => r.paymentId === paymentId);
    if (!row) throw new Error('the charge is not in the register');
    expect(row).toMatchObject({ kind: 'invoice', subscriptionId, paymentId, buyerEmail: member.email });

    const pdf = await get(subscriptionChargeDocumentPath(row.subscriptionId ?? '', paymentId, 'invoice'), operator);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    const resend = () => post('/api/admin/invoices/resend', operator, { paymentId, kind: 'invoice' });
    const res = await resend();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`${row.number} was e-mailed again to ${member.email}.`);
    expect(await resentMails(member.email, row.number)).toBe(1);
    const text = await received(member.email, 'Here again is your');
    expect(text).toContain(`Subject: Your tax invoice ${row.number} from`);
    expect(text).toContain(`tax invoice ${row.number} dated ${row.date} for membership payment ${paymentId}`);
    expect(text).toContain(`Download it from My Memberships: ${t.config.publicUrl}/my-memberships`);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invoice.resend')
      .where('entity_id', '=', subscriptionId)
      .execute();
    expect(audit).toMatchObject([{ entity: 'subscription', actor_id: operator.id }]);
    expect(JSON.parse(audit[0]?.after_json ?? '')).toEqual({ number: row.number, to: member.email });

    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const fourth = await resend();
    expect(fourth.statusCode, fourth.body).toBe(429);
    expect(await resentMails(member.email, row.number)).toBe(3);
    // No credit note was issued for this charge.
    const note = await post('/api/admin/invoices/resend', operator, { paymentId, kind: 'credit_note' });
    expect(note.statusCode, note.body).toBe(404);
  });

  it('the resend takes an order id or a payment id, exactly one (400 otherwise); a learner gets 403', async () => {
    const operator = await admin();
    const member = await learner();
    const { subscriptionId } = await chargedMember(member, (await newPlan()).id);
    const { gateway_payment_id: paymentId } = await t.database.db
      .selectFrom('subscription_charges')
      .select('gateway_payment_id')
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    const resend = (by: TestUser, body: object) => post('/api/admin/invoices/resend', by, body);

    const both = await resend(operator, { orderId: 'a'.repeat(24), paymentId, kind: 'invoice' });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('orderId or paymentId: give exactly one');
    expect((await resend(operator, { kind: 'invoice' })).statusCode).toBe(400);
    expect((await resend(operator, { paymentId: 'p'.repeat(65), kind: 'invoice' })).statusCode).toBe(400);
    expect((await resend(operator, { paymentId: 'pay_none', kind: 'invoice' })).statusCode).toBe(404);

    expect((await resend(member, { paymentId, kind: 'invoice' })).statusCode).toBe(403);
    expect((await get('/api/admin/invoices?month=2026-01', member)).statusCode).toBe(403);
    expect(await resentMails(member.email, '%')).toBe(0);
  });
});
