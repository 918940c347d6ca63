import { adminInstalmentsResponse, subscribeResponse } from '@shop/shared';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { FakeDelivery } from '../../../test/fake-razorpay.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { pdfAttachments } from '../../../test/pdf.js';
import { mailText } from '../../../test/smtp.js';
import { useSmtp } from '../../../test/use-smtp.js';
import { reconcileSubscriptions } from './reconcile-subscriptions.js';
import { remindRenewals } from './remind-renewals.js';

// A member's e-mails (issue 34) as Razorpay's servers cause them: the welcome, each charge's receipt with
// its tax invoice, a failed charge, a halt and the end, each queued once per occasion whatever repeats
// (the same delivery three times, the same event under new ids, several at once as two processes would).
// The mails are counted in the outbox, where the shop queues every mail, and read as a mail server receives
// them (the outbox keeps no body once sent); the clock is set, never waited for.

const smtp = useSmtp();
const {
  t,
  fake,
  post,
  deliver,
  setClock,
  followFake,
  newPlan: newPlanOf,
  made: plansMade,
  deliverAll,
  member,
} = useMembershipShop({
  title: 'Mail Club',
  settings: () => ({ SMTP_URL: smtp().url }),
});
const c2 = demoCourseIds[1];

const newPlan = (trialDays = 0) => newPlanOf({ trialDays });
/** The same deliveries three times over (Razorpay retries a delivery it thinks failed). */
const thrice = (deliveries: FakeDelivery[]) => [...deliveries, ...deliveries, ...deliveries];
/** The subscription's current event under three new event ids, delivered at once (several processes). */
const sameEventAgain = async (event: Parameters<typeof fake.subscriptionWebhook>[0], id: string, tag: string) => {
  const again = [1, 2, 3].map((n) => fake.subscriptionWebhook(event, id, undefined, `evt_${tag}_${n}_${plansMade()}`));
  const codes = await Promise.all(again.map((delivery) => deliver(delivery)));
  expect(codes.map((res) => res.statusCode)).toEqual([200, 200, 200]);
};

/** The subjects of the mails queued to the learner (those queued in one event share their time: no order). */
const subjects = async (user: TestUser) =>
  (await t.database.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', user.email).execute())
    .map((mail) => mail.subject)
    .sort();

/** The one mail (raw) the learner's mail server received whose text has `needle` (waits for the mail pass). */
async function receivedRaw(user: TestUser, needle: string): Promise<string> {
  // Up to 15 s: the mail pass also renders the receipts' PDFs, slow on a busy machine.
  for (let i = 0; i < 300; i++) {
    const found = smtp()
      .received.filter((mail) => mail.to.includes(user.email.toLowerCase()))
      .filter((mail) => mailText(mail.raw).includes(needle));
    if (found.length > 1) throw new Error(`${found.length} mails with ${needle}`);
    if (found[0]) return found[0].raw;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail with ${needle}`);
}
/** The text of that one mail, soft line breaks undone. */
const received = async (user: TestUser, needle: string) => mailText(await receivedRaw(user, needle));

describe("a member's e-mails, once each", () => {
  it('welcome and the first receipt with its invoice link: the webhooks three times and again under new ids give one of each', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await member(user, plan.id);
    await deliverAll(thrice(made.webhooks));
    await sameEventAgain('subscription.activated', made.gatewaySubscriptionId, 'act');
    expect(await subjects(user)).toEqual([
      `Welcome to ${plan.title} at ${t.config.siteName}`,
      expect.stringMatching(new RegExp(`^Your ${t.config.siteName} payment for ${plan.title}: invoice TS`)),
    ]);
    const welcome = await received(user, 'membership has started');
    expect(welcome).toContain(`${t.config.publicUrl}/enrolled-courses`);
    expect(welcome).toContain('will be charged on 2026-02-10');
    const [charge] = await t.database.db
      .selectFrom('subscription_charges')
      .select('gateway_payment_id')
      .where('subscription_id', '=', made.subscriptionId)
      .execute();
    const invoiceUrl = `${t.config.publicUrl}/api/my/subscriptions/${made.subscriptionId}/charges/${charge?.gateway_payment_id}/invoice`;
    const receipt = await received(user, 'We received');
    expect(receipt).toContain(invoiceUrl);
    expect(receipt).toContain(`<a href="${invoiceUrl}">`);
    // The link opens the invoice for the learner the mail went to.
    const pdf = await t.app.inject({
      method: 'GET',
      url: new URL(invoiceUrl).pathname,
      headers: { cookie: user.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    // The mail carries the same PDF, as an order's confirmation carries its invoice.
    const [attached, ...more] = pdfAttachments(await receivedRaw(user, 'We received'));
    expect(more).toEqual([]);
    const number = /invoice (TS\S+)/.exec(receipt)?.[1] ?? '';
    expect(attached?.filename).toBe(`${number.replaceAll('/', '-')}.pdf`);
    expect(attached?.pdf.equals(pdf.rawPayload)).toBe(true);
  });

  it("each renewal's receipt once: the charge delivered three times and as three events at once", async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    const renewal = fake.chargeSubscription(made.gatewaySubscriptionId);
    followFake();
    await deliverAll(thrice(renewal));
    await sameEventAgain('subscription.charged', made.gatewaySubscriptionId, 'chg');
    const receipts = (await subjects(user)).filter((subject) => subject.includes('payment for'));
    expect(receipts).toHaveLength(2);
    expect(new Set(receipts).size).toBe(2);
  });

  it('a failed charge: one mail with the link to change the payment method; the halt: one more', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    const before = await subjects(user);
    expect(before).toHaveLength(2);
    const failedSubject = `Your ${t.config.siteName} payment for ${plan.title} did not go through`;
    const heldSubject = `Your ${t.config.siteName} membership ${plan.title} is on hold`;
    await deliverAll(thrice(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed')));
    followFake();
    await sameEventAgain('subscription.pending', made.gatewaySubscriptionId, 'pend');
    // Razorpay's second attempt in the same cycle fails too: still the one mail.
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    followFake();
    expect(await subjects(user)).toEqual([...before, failedSubject].sort());
    const failed = await received(user, 'We could not take');
    expect(failed).toContain('change the payment method under My Memberships');
    expect(failed).toContain(`<a href="${t.config.publicUrl}/my-memberships">`);

    await deliverAll(thrice(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed')));
    await sameEventAgain('subscription.halted', made.gatewaySubscriptionId, 'halt');
    expect(await subjects(user)).toEqual([...before, failedSubject, heldSubject].sort());
    expect(await received(user, 'it is on hold')).toContain(`${t.config.publicUrl}/my-memberships`);
  });

  it('cancelled at the period end: a note at once (nothing more charged, open until the end), one mail when it ends, whatever repeats', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    const welcomed = await subjects(user);
    for (const _ of [1, 2, 3]) {
      const cancel = await post(`/api/my/subscriptions/${made.subscriptionId}/cancel`, user, {});
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    const note = `Your ${t.config.siteName} membership ${plan.title} ends on 2026-02-10`;
    expect(await subjects(user)).toEqual([...welcomed, note].sort());
    await sameEventAgain('subscription.activated', made.gatewaySubscriptionId, 'cxlnote');
    const before = await subjects(user);
    expect(before).toEqual([...welcomed, note].sort());
    const noted = await received(user, 'is cancelled at the end of the period you paid for');
    expect(noted).toContain('nothing more will be charged');
    expect(noted).toContain('Its courses stay open until 2026-02-10');
    expect(noted).toContain(`<a href="${t.config.publicUrl}/my-memberships">`);
    expect(before.some((subject) => subject.includes('has ended'))).toBe(false);
    setClock(Date.UTC(2026, 1, 10, 6, 0, 1));
    await deliverAll(thrice(fake.chargeSubscription(made.gatewaySubscriptionId)));
    await sameEventAgain('subscription.cancelled', made.gatewaySubscriptionId, 'cxl');
    expect(await subjects(user)).toEqual(
      [...before, `Your ${t.config.siteName} membership ${plan.title} has ended`].sort(),
    );
    const ended = await received(user, 'membership is cancelled and nothing more will be charged');
    expect(ended).toContain('Its courses are now closed.');
  });

  it('the renewal reminder 3 days before each charge, once per charge whatever the passes; none once cancelled', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const quitter = await createSignedInUser(t.database.db);
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    const quitting = await member(quitter, plan.id);
    await deliverAll(quitting.webhooks);
    expect((await post(`/api/my/subscriptions/${quitting.subscriptionId}/cancel`, quitter, {})).statusCode).toBe(200);
    const reminder = (date: string) => `Your ${t.config.siteName} membership ${plan.title} renews on ${date}`;
    /** A pass of the periodic job at `ms` (the app's clock set there). */
    const passAt = (ms: number) => {
      setClock(ms);
      return remindRenewals(t.app.deps, new Date());
    };
    const remindersTo = async (who: TestUser) =>
      (await subjects(who)).filter((subject) => subject.includes(' renews on '));
    // The charge is due 2026-02-10 06:00 UTC: 3 days and a minute before, nothing yet.
    await passAt(Date.UTC(2026, 1, 7, 5, 59));
    expect(await remindersTo(user)).toEqual([]);
    // Passes every few minutes, some at once as in several processes: one reminder.
    const at = Date.UTC(2026, 1, 7, 6, 5);
    setClock(at);
    await Promise.all([0, 1, 2].map(() => remindRenewals(t.app.deps, new Date())));
    await passAt(at + 5 * 60_000);
    await passAt(Date.UTC(2026, 1, 10, 5));
    expect(await remindersTo(user)).toEqual([reminder('2026-02-10')]);
    expect(await remindersTo(quitter)).toEqual([]);
    const text = await received(user, 'renews by itself on 2026-02-10');
    expect(text).toContain('1,180.00 will be charged');
    expect(text).toContain(`<a href="${t.config.publicUrl}/my-memberships">`);
    expect(text).toContain('cancel before then under My Memberships');
    // Renewed: the next charge gets its own reminder.
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId));
    followFake();
    await passAt(Date.UTC(2026, 2, 7, 7));
    await passAt(Date.UTC(2026, 2, 7, 8));
    expect(await remindersTo(user)).toEqual([reminder('2026-02-10'), reminder('2026-03-10')]);
  });
  it('cancelled at once by the operator: the end mail says the courses are closed now, not at the paid period end', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    const operator = await createSignedInUser(t.database.db, { role: 'admin' });
    const cancel = await post(`/api/admin/subscriptions/${made.subscriptionId}/cancel`, operator, {
      atCycleEnd: false,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const endings = async () =>
      (await subjects(user)).filter((subject) => subject.includes('has ended') || subject.includes('ends '));
    // At once, before (or without) the gateway's webhook; its deliveries then add nothing.
    expect(await endings()).toEqual([`Your ${t.config.siteName} membership ${plan.title} has ended`]);
    await sameEventAgain('subscription.cancelled', made.gatewaySubscriptionId, 'cxlnow');
    expect(await endings()).toEqual([`Your ${t.config.siteName} membership ${plan.title} has ended`]);
    const text = await received(user, 'membership is cancelled and nothing more will be charged');
    expect(text).toContain('Its courses are now closed.');
    expect(text).not.toContain('stay open');
  });

  it("a trial's first charge is reminded 3 days before, in a trial's words, once", async () => {
    const plan = await newPlan(7);
    const user = await createSignedInUser(t.database.db);
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    const trialEnds = `Your ${t.config.siteName} free trial of ${plan.title} ends on 2026-01-17`;
    // The trial began 2026-01-10 06:00 UTC; its charge is 2026-01-17 06:00 UTC.
    setClock(Date.UTC(2026, 0, 14, 5, 59));
    await remindRenewals(t.app.deps, new Date());
    expect((await subjects(user)).filter((subject) => subject.includes('trial'))).toEqual([]);
    setClock(Date.UTC(2026, 0, 14, 6, 5));
    await Promise.all([0, 1, 2].map(() => remindRenewals(t.app.deps, new Date())));
    setClock(Date.UTC(2026, 0, 15, 6));
    await remindRenewals(t.app.deps, new Date());
    expect((await subjects(user)).filter((subject) => subject.includes('trial'))).toEqual([trialEnds]);
    const text = await received(user, 'Your free trial of');
    expect(text).toContain('1,180.00 will be charged on that day');
    expect(text).toContain('cancel before then under My Memberships; nothing will be charged');
  });

  it('with every webhook lost: verify sends the welcome and the first receipt, reconciliation the renewal receipt and the failed charge, once each', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    await member(user, plan.id); // its webhooks are never delivered
    const welcome = `Welcome to ${plan.title} at ${t.config.siteName}`;
    const receipt = new RegExp(`^Your ${t.config.siteName} payment for ${plan.title}: invoice TS`);
    expect(await subjects(user)).toEqual([welcome, expect.stringMatching(receipt)]);
    const made = await t.database.db
      .selectFrom('subscriptions')
      .select('gateway_subscription_id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const log = pino({ level: 'silent' });
    fake.chargeSubscription(made.gateway_subscription_id as string); // renewal 2026-02-10, webhooks lost
    setClock(Date.UTC(2026, 1, 10, 6, 20));
    await reconcileSubscriptions(t.app.deps, log, new Date());
    await reconcileSubscriptions(t.app.deps, log, new Date());
    const afterRenewal = await subjects(user);
    expect(afterRenewal.filter((subject) => receipt.test(subject))).toHaveLength(2);
    fake.chargeSubscription(made.gateway_subscription_id as string, 'failed'); // 2026-03-10, lost too
    setClock(Date.UTC(2026, 2, 10, 6, 20));
    await reconcileSubscriptions(t.app.deps, log, new Date());
    await reconcileSubscriptions(t.app.deps, log, new Date());
    expect(await subjects(user)).toEqual(
      [...afterRenewal, `Your ${t.config.siteName} payment for ${plan.title} did not go through`].sort(),
    );
  });
  it('a new payment method: no second welcome, no end note or end mail for the one replaced, one reminder, each receipt once', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const old = await member(user, plan.id);
    await deliverAll(old.webhooks);
    const res = await post(`/api/my/subscriptions/${old.subscriptionId}/change-method`, user, {});
    expect(res.statusCode, res.body).toBe(201);
    const moved = subscribeResponse.parse(res.json());
    const { answer, webhooks } = fake.authenticateSubscription(moved.gatewaySubscriptionId);
    expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);
    await deliverAll(thrice(webhooks));
    await sameEventAgain('subscription.activated', old.gatewaySubscriptionId, 'oldact');
    setClock(Date.UTC(2026, 1, 7, 6, 5));
    await remindRenewals(t.app.deps, new Date());
    await deliverAll(thrice(fake.chargeSubscription(old.gatewaySubscriptionId))); // cancelled at its cycle end
    followFake();
    await deliverAll(thrice(fake.chargeSubscription(moved.gatewaySubscriptionId)));
    const mails = await subjects(user);
    expect(mails.filter((subject) => subject.startsWith('Welcome'))).toHaveLength(1);
    expect(mails.filter((subject) => subject.includes(' renews on '))).toEqual([
      `Your ${t.config.siteName} membership ${plan.title} renews on 2026-02-10`,
    ]);
    expect(mails.filter((subject) => subject.includes('payment for'))).toHaveLength(2);
    expect(mails.filter((subject) => subject.includes('has ended') || subject.includes(' ends '))).toEqual([]);
    expect(mails).toHaveLength(4);
  });
  it('a course in 3 instalments: no welcome, each receipt and reminder says which payment it is, once', async () => {
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const offer = await post(`/api/admin/courses/${c2}/instalments`, admin, { count: 3, amount: 500 });
    expect(offer.statusCode, offer.body).toBe(201);
    const planId = adminInstalmentsResponse.parse(offer.json()).instalments?.planId ?? '';
    const user = await createSignedInUser(t.database.db);
    const made = await member(user, planId);
    await deliverAll(thrice(made.webhooks));
    const [first, ...others] = await subjects(user);
    expect(others).toEqual([]);
    expect(first).toMatch(/payment for .*: invoice TS/);
    expect(await received(user, 'We received')).toMatch(/for payment 1 of 3 of your .* instalment plan on 2026-01-10/);
    setClock(Date.UTC(2026, 1, 7, 6, 5));
    await remindRenewals(t.app.deps, new Date());
    await remindRenewals(t.app.deps, new Date());
    const reminders = (await subjects(user)).filter((subject) => subject.includes(' is on '));
    expect(reminders).toEqual([expect.stringMatching(/ payment 2 of 3 for .* is on 2026-02-10$/)]);
    const text = await received(user, 'will be charged on 2026-02-10');
    expect(text).toContain('once all 3 payments are in');
    expect(text).not.toContain('renews');
  });

  it('a process killed between the notice and its mail leaves neither: the next delivery sends the mail, once', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const res = await post('/api/subscriptions', user, { planId: plan.id });
    const made = subscribeResponse.parse(res.json());
    const { answer, webhooks } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    // The first mail the shop queues fails as if the process died there (after its notice row was inserted).
    const enqueue = vi.spyOn(t.app.deps.mail, 'enqueue').mockRejectedValueOnce(new Error('killed'));
    try {
      expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(500);
    } finally {
      enqueue.mockRestore();
    }
    const notices = () =>
      t.database.db
        .selectFrom('member_notices')
        .select('kind')
        .where('subscription_id', '=', made.subscriptionId)
        .execute();
    expect((await notices()).map((row) => row.kind)).not.toContain('welcome');
    await deliverAll(thrice(webhooks));
    expect((await subjects(user)).filter((subject) => subject.startsWith('Welcome'))).toHaveLength(1);
    expect((await notices()).filter((row) => row.kind === 'welcome')).toHaveLength(1);
  });
});
