import { adminInstalmentsResponse, getCourseResponse, messages, plansResponse } from '@shop/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { replayed, reversed } from '../../../test/fake-razorpay.js';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { enrolInstalmentBuyers, grantEnrolment } from '../learning/index.js';
import { reconcileSubscriptions } from './reconcile-subscriptions.js';

// Instalments (issue 34, decision 0038) as the console, a buyer's browser and Razorpay's servers meet
// them: the console's offer of a course in N monthly payments, then a buyer paying them, opening the
// course from the first, owning it after the N-th (once, whatever replays), and losing it when halted.

const { t, fake, post, setClock, followFake, admin, learner, signedInAgain, learn, deliverAll, member } =
  useMembershipShop();
const [c1, c2, c3] = demoCourseIds;

const offer = async (courseId: string, body: object, by?: TestUser) =>
  post(`/api/admin/courses/${courseId}/instalments`, by ?? (await admin()), body);
const enrolments = (userId: string, courseId: string) =>
  t.database.db
    .selectFrom('enrolments')
    .select(['id', 'revoked_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .execute();
const coursePage = async (courseId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}` });
  expect(res.statusCode, res.body).toBe(200);
  return getCourseResponse.parse(res.json()).course;
};

/** The console offers the course in `count` payments of `amount`; the plan id to subscribe to. */
async function offered(courseId: string, count: number, amount: number): Promise<string> {
  const res = await offer(courseId, { count, amount });
  expect(res.statusCode, res.body).toBe(201);
  const planId = adminInstalmentsResponse.parse(res.json()).instalments?.planId;
  if (!planId) throw new Error('no instalment plan');
  return planId;
}

/** Subscribes to the instalment plan, pays the first instalment at the checkout, verifies. */
const firstInstalment = member;

describe("the console's instalment offer", () => {
  it('refuses 1, 13 and 2.5 payments and a missing amount with clear messages (400)', async () => {
    const by = await admin();
    const rule = 'count must be a whole number of monthly payments from 2 to 12 (0 removes the offer)';
    for (const count of [1, 13, 2.5, -2]) {
      const res = await offer(c1, { count, amount: 5000 }, by);
      expect(res.statusCode, `${count}`).toBe(400);
      expect(res.json().message).toBe(rule);
    }
    const noAmount = await offer(c1, { count: 3 }, by);
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().message).toBe('amount is required: the amount of each monthly payment in rupees');
    const tooLittle = await offer(c1, { count: 3, amount: 0.5 }, by);
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().message).toMatch(/^amount /);
    const unknown = await offer('ffffffffffffffffffffffff', { count: 3, amount: 5000 }, by);
    expect(unknown.statusCode).toBe(404);
    expect((await coursePage(c1)).instalments).toBeNull();
  });

  it('is for admins from the site itself: a learner 403, a foreign origin 403', async () => {
    expect((await offer(c1, { count: 3, amount: 5000 }, await learner())).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/courses/${c1}/instalments`,
      headers: { origin: 'https://evil.example', cookie: (await admin()).cookie },
      payload: { count: 3, amount: 5000 },
    });
    expect(res.statusCode).toBe(403);
    expect((await coursePage(c1)).instalments).toBeNull();
  });

  it('makes a hidden plan shown on the course page, not among the memberships; audit-logged; 0 withdraws it', async () => {
    const res = await offer(c2, { count: 6, amount: 2500 });
    expect(res.statusCode, res.body).toBe(201);
    const saved = adminInstalmentsResponse.parse(res.json());
    expect(saved).toMatchObject({ ok: true, instalments: { count: 6, amount: 2500 }, warnings: [] });
    const planId = saved.instalments?.planId as string;
    expect((await coursePage(c2)).instalments).toEqual({ count: 6, amount: 2500, planId });
    const listed = plansResponse.parse((await t.app.inject({ method: 'GET', url: '/api/plans' })).json()).plans;
    expect(listed.map((plan) => plan.id)).not.toContain(planId);
    const ofCourse = await t.app.inject({ method: 'GET', url: `/api/plans?courseId=${c2}` });
    expect(plansResponse.parse(ofCourse.json()).plans.map((plan) => plan.id)).not.toContain(planId);
    expect((await t.app.inject({ method: 'GET', url: `/api/plans/${planId}` })).statusCode).toBe(404);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'course.instalments')
      .where('entity_id', '=', c2)
      .execute();
    expect(audit).toHaveLength(1);

    // A change keeps the one plan; above ₹15,000 a payment the e-mandate warning comes back.
    const changed = adminInstalmentsResponse.parse((await offer(c2, { count: 3, amount: 16_000 })).json());
    expect(changed.instalments).toEqual({ count: 3, amount: 16_000, planId });
    expect(changed.warnings).toEqual([messages.planAboveMandateLimit]);

    const removed = await offer(c2, { count: 0 });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true, instalments: null, warnings: [] });
    expect((await coursePage(c2)).instalments).toBeNull();
    const buyer = await learner();
    expect((await post('/api/subscriptions', buyer, { planId })).statusCode).toBe(404);
    // Offered again, then withdrawn with DELETE.
    expect((await offered(c2, 4, 3000)) === planId).toBe(true);
    const by = await admin();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/courses/${c2}/instalments`,
      headers: { origin: new URL(t.config.publicUrl).origin, cookie: by.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await coursePage(c2)).instalments).toBeNull();
  });
});

describe('buying a course in instalments', () => {
  it('3 payments: the course opens with the first, is owned after the third and completed, once whatever replays', async () => {
    const planId = await offered(c3, 3, 1200);
    const user = await learner();
    expect((await learn(user, c3)).statusCode).toBe(403);
    const made = await firstInstalment(user, planId);
    const atGateway = fake.subscriptions.get(made.gatewaySubscriptionId);
    expect(atGateway?.total_count).toBe(3);
    expect(fake.plans.get(atGateway?.plan_id ?? '')?.item.amount).toBe(120_000);
    await deliverAll(made.webhooks);
    expect((await learn(user, c3)).statusCode).toBe(200);
    expect((await learn(user, c1)).statusCode).toBe(403);
    expect(await enrolments(user.id, c3)).toEqual([]);

    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId));
    followFake();
    let session = await signedInAgain(user);
    expect(await enrolments(user.id, c3)).toEqual([]);
    const last = fake.chargeSubscription(made.gatewaySubscriptionId);
    followFake();
    expect(last.map((hook) => JSON.parse(hook.body).event)).toEqual(['subscription.charged', 'subscription.completed']);
    // The completing event first, then the charge, each twice.
    await deliverAll(replayed(reversed(last)));
    session = await signedInAgain(user);
    const owned = await enrolments(user.id, c3);
    expect(owned).toHaveLength(1);
    expect(owned[0]?.revoked_at).toBeNull();
    expect((await learn(session, c3)).statusCode).toBe(200);
    // Each payment's tax invoice says which payment it is.
    const invoiceLines = await t.database.db
      .selectFrom('tax_documents')
      .innerJoin('subscription_charges', 'subscription_charges.id', 'tax_documents.subscription_charge_id')
      .select('tax_documents.data')
      .where('subscription_charges.subscription_id', '=', made.subscriptionId)
      .orderBy('tax_documents.sequence')
      .execute();
    expect(
      invoiceLines.map((row) => (JSON.parse(row.data) as { lines: { description: string }[] }).lines[0]?.description),
    ).toEqual(
      [1, 2, 3].map((n) => expect.stringMatching(new RegExp(`in 3 monthly payments: payment ${n} of 3, \\d{4}-`))),
    );

    // Granted once: the operator revokes it, and Razorpay sending the completion again (a new event id) does not restore it.
    await t.database.db
      .updateTable('enrolments')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    await deliverAll([
      fake.subscriptionWebhook('subscription.completed', made.gatewaySubscriptionId, undefined, 'evt_completed_again'),
    ]);
    await enrolInstalmentBuyers(t.app.deps, { askGateway: true });
    expect((await enrolments(user.id, c3))[0]?.revoked_at).not.toBeNull();
  });

  it('halted after the first payment: the course closes (403) and is not owned', async () => {
    const planId = await offered(c1, 3, 999);
    const user = await learner();
    const made = await firstInstalment(user, planId);
    await deliverAll(made.webhooks);
    expect((await learn(user, c1)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
      followFake();
    }
    const session = await signedInAgain(user);
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('halted');
    expect((await learn(session, c1)).statusCode).toBe(403);
    expect(await enrolments(user.id, c1)).toEqual([]);
    await offer(c1, { count: 0 });
  });

  it('a buyer who already owns the course is refused (409), and nothing is made at the gateway', async () => {
    const planId = await offered(c1, 2, 999);
    const user = await learner();
    await grantEnrolment(t.database.db, user.id, c1, new Date());
    const before = fake.subscriptions.size;
    const res = await post('/api/subscriptions', user, { planId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.instalmentsCourseOwned);
    expect(fake.subscriptions.size).toBe(before);
    await offer(c1, { count: 0 });
  });

  it('the completing webhooks lost: reconciliation reads the last charge from the gateway and grants the course', async () => {
    const planId = await offered(c2, 2, 1500);
    const user = await learner();
    const made = await firstInstalment(user, planId);
    await deliverAll(made.webhooks);
    fake.chargeSubscription(made.gatewaySubscriptionId); // its webhooks never arrive
    followFake();
    setClock(Date.now() + 20 * 60_000);
    await reconcileSubscriptions(t.app.deps, pino({ level: 'silent' }));
    expect(await enrolments(user.id, c2)).toEqual([]);
    expect(await enrolInstalmentBuyers(t.app.deps, { askGateway: true })).toBe(1);
    expect(await enrolments(user.id, c2)).toHaveLength(1);
    expect((await learn(await signedInAgain(user), c2)).statusCode).toBe(200);
    await offer(c2, { count: 0 });
  });
});
