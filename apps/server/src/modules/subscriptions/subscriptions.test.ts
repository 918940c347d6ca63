import { messages } from '@shop/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { replayed, reversed } from '../../../test/fake-razorpay.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { hashPassword } from '../../auth/passwords.js';
import { reconcileSubscriptions } from './reconcile-subscriptions.js';
import { applyState } from './repo.js';

// Memberships (issue 34) as a learner's browser and Razorpay's servers meet them: subscribing, the
// checkout's answer, the webhooks in any order and any number of times, renewals that fail and recover,
// cancelling at the period's end, and the player opening a member's included courses only while the
// membership allows. The gateway is the Razorpay stand-in; the clock is set, never waited for.

const {
  t,
  fake,
  post,
  setClock,
  followFake,
  newPlan,
  learner,
  signedInAgain,
  learn,
  mine,
  deliverAll,
  subscribed,
  member,
} = useMembershipShop({ title: 'Club', plan: { price: 999 } });
const [c1, c2, c3] = demoCourseIds;
const DAY = 86_400_000;

describe('subscribing and the checkout', () => {
  it('subscribe, pay at the checkout, verify: the included courses open, others do not', async () => {
    const plan = await newPlan();
    const user = await learner();
    expect((await learn(user, c1)).statusCode).toBe(403);
    const made = await subscribed(user, plan.id);
    expect(made.keyId).toBe(fake.keyId);
    const atGateway = fake.subscriptions.get(made.gatewaySubscriptionId);
    expect(atGateway?.notes).toEqual({ userId: user.id, subscriptionId: made.subscriptionId, planId: plan.id });
    expect(atGateway?.start_at).toBeNull();
    expect((await learn(user, c1)).statusCode).toBe(403);

    const { answer } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    const verified = await post('/api/subscriptions/verify', user, answer);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ ok: true, success: true });
    expect((await learn(user, c1)).statusCode).toBe(200);
    expect((await learn(user, c2)).statusCode).toBe(200);
    expect((await learn(user, c3)).statusCode).toBe(403);
    const [listed] = await mine(user);
    expect(listed).toMatchObject({ id: made.subscriptionId, planId: plan.id, status: 'active', amount: 999 });
    expect(listed?.currentPeriodEnd).toBe('2026-02-10T06:00:00.000Z');
    expect(listed?.nextChargeAt).toBe('2026-02-10T06:00:00.000Z');
  });

  it('the gateway plan is made once per price version and reused by later subscribers', async () => {
    const plan = await newPlan();
    const before = fake.plans.size;
    await subscribed(await learner(), plan.id);
    await subscribed(await learner(), plan.id);
    expect(fake.plans.size).toBe(before + 1);
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/plans/${plan.id}`,
      headers: { origin: new URL(t.config.publicUrl).origin, cookie: admin.cookie },
      payload: { price: 1499 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const made = await subscribed(await learner(), plan.id);
    expect(fake.plans.size).toBe(before + 2);
    const gatewayPlan = fake.plans.get(fake.subscriptions.get(made.gatewaySubscriptionId)?.plan_id ?? '');
    expect(gatewayPlan?.item.amount).toBe(149_900);
  });

  it('a plan with trial days starts charging when they end; the authorised trial opens the courses', async () => {
    const plan = await newPlan({ trialDays: 7 });
    const user = await learner();
    const made = await member(user, plan.id);
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.start_at).toBe(Date.UTC(2026, 0, 17, 6) / 1000);
    expect((await mine(user))[0]).toMatchObject({ status: 'authenticated', nextChargeAt: '2026-01-17T06:00:00.000Z' });
    expect((await learn(user, c1)).statusCode).toBe(200);
    // The trial's authorisation (a refunded ₹5) is no charge.
    await deliverAll(made.webhooks);
    expect((await mine(user))[0]?.charges).toEqual([]);
  });

  it('two tabs subscribing at once make one subscription: one 201, one 409', async () => {
    const plan = await newPlan();
    const user = await learner();
    const before = fake.subscriptions.size;
    const answers = await Promise.all([
      post('/api/subscriptions', user, { planId: plan.id }),
      post('/api/subscriptions', user, { planId: plan.id }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json().message).toBe(messages.subscriptionExists);
    expect(fake.subscriptions.size).toBe(before + 1);
    expect(await mine(user)).toHaveLength(1);
  });

  it('a learner with a live subscription is refused a second one (409); an abandoned checkout frees it later', async () => {
    const plan = await newPlan();
    const user = await learner();
    const first = await subscribed(user, plan.id);
    const again = await post('/api/subscriptions', user, { planId: plan.id });
    expect(again.statusCode).toBe(409);
    setClock(Date.now() + 31 * 60_000);
    const later = await signedInAgain(user);
    expect((await post('/api/subscriptions', later, { planId: plan.id })).statusCode).toBe(201);
    // The abandoned one is cancelled at the gateway: a tab left open can no longer pay for it.
    expect(fake.subscriptions.get(first.gatewaySubscriptionId)?.status).toBe('cancelled');
    expect(() => fake.authenticateSubscription(first.gatewaySubscriptionId)).toThrow();
    // Once paid for, it stays live however long it lasts.
    const payer = await learner();
    await member(payer, plan.id);
    setClock(Date.now() + 40 * 60_000);
    expect((await post('/api/subscriptions', await signedInAgain(payer), { planId: plan.id })).statusCode).toBe(409);
  });

  it('a checkout authorised late (its verify and webhooks not in yet) is not let go: 409, and it is stored as paid', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await subscribed(user, plan.id);
    setClock(Date.now() + 31 * 60_000);
    fake.authenticateSubscription(made.gatewaySubscriptionId);
    const again = await post('/api/subscriptions', await signedInAgain(user), { planId: plan.id });
    expect(again.statusCode).toBe(409);
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('active');
    const session = await signedInAgain(user);
    expect((await mine(session)).map((s) => s.status)).toEqual(['active']);
    expect((await learn(session, c1)).statusCode).toBe(200);
  });

  it('an unknown or unpublished plan is not found (404); a visitor is asked to sign in (401)', async () => {
    const user = await learner();
    expect((await post('/api/subscriptions', user, { planId: 'ffffffffffffffffffffffff' })).statusCode).toBe(404);
    const hidden = await newPlan({ published: false });
    const res = await post('/api/subscriptions', user, { planId: hidden.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.planNotFound);
    expect((await post('/api/subscriptions', null, { planId: hidden.id })).statusCode).toBe(401);
  });

  it('a subscribe from a foreign origin is refused (403)', async () => {
    const plan = await newPlan();
    const user = await learner();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { planId: plan.id },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('verifying the checkout', () => {
  it('a bad signature is refused (400) and changes nothing', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await subscribed(user, plan.id);
    const { answer } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    const forged = {
      ...answer,
      razorpay_signature: answer.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    };
    const res = await post('/api/subscriptions/verify', user, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.subscriptionVerificationFailed);
    expect((await mine(user))[0]?.status).toBe('created');
    expect((await learn(user, c1)).statusCode).toBe(403);
  });

  it("someone else's subscription is not found: verify and cancel answer 404", async () => {
    const plan = await newPlan();
    const owner = await learner();
    const other = await learner();
    const made = await member(owner, plan.id);
    const answer = {
      razorpay_payment_id: 'pay_x',
      razorpay_subscription_id: made.gatewaySubscriptionId,
      razorpay_signature: 'x',
    };
    expect((await post('/api/subscriptions/verify', other, answer)).statusCode).toBe(404);
    const cancel = await post(`/api/my/subscriptions/${made.subscriptionId}/cancel`, other, {});
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().message).toBe(messages.subscriptionNotFound);
    expect((await mine(owner))[0]?.cancelAtPeriodEnd).toBe(false);
    expect(await mine(other)).toEqual([]);
  });
});

describe("the gateway's webhooks", () => {
  it('webhooks alone open the courses, even with charged before activated', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await subscribed(user, plan.id);
    const { webhooks } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    expect(JSON.parse(webhooks[webhooks.length - 1]?.body ?? '{}').event).toBe('subscription.charged');
    await deliverAll(reversed(webhooks));
    const [listed] = await mine(user);
    expect(listed?.status).toBe('active');
    expect(listed?.charges).toHaveLength(1);
    expect(listed?.charges[0]?.amount).toBe(999);
    expect((await learn(user, c1)).statusCode).toBe(200);
  });

  it('replays record each captured charge once, also under a new event id', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    await deliverAll(replayed(made.webhooks));
    const renewal = fake.chargeSubscription(made.gatewaySubscriptionId);
    followFake();
    const session = await signedInAgain(user);
    await deliverAll(replayed(renewal));
    const payments = (await mine(session))[0]?.charges.map((charge) => charge.paymentId) ?? [];
    expect(payments).toHaveLength(2);
    // Razorpay may send the same charge again as a new event: still one charge.
    const payment = fake.payments.get(payments[1] ?? '');
    await deliverAll([
      fake.subscriptionWebhook('subscription.charged', made.gatewaySubscriptionId, payment, 'evt_again1'),
    ]);
    expect((await mine(session))[0]?.charges).toHaveLength(2);
    const rows = await t.database.db
      .selectFrom('subscription_charges')
      .select('gateway_payment_id')
      .where('subscription_id', '=', made.subscriptionId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('failed renewals: pending keeps access, halted closes it (403), a later charge opens it again', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    followFake();
    let session = await signedInAgain(user);
    expect((await mine(session))[0]?.status).toBe('pending');
    expect((await learn(session, c1)).statusCode).toBe(200);
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    expect((await mine(session))[0]?.status).toBe('halted');
    expect((await learn(session, c1)).statusCode).toBe(403);
    setClock(Date.now() + 2 * DAY);
    session = await signedInAgain(user);
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'captured'));
    const [listed] = await mine(session);
    expect(listed?.status).toBe('active');
    expect(listed?.charges).toHaveLength(2);
    expect((await learn(session, c1)).statusCode).toBe(200);
  });

  it('a webhook for a subscription the shop does not know is acknowledged and changes nothing', async () => {
    const plan = await newPlan();
    const made = await subscribed(await learner(), plan.id);
    await t.database.db.deleteFrom('subscriptions').where('id', '=', made.subscriptionId).execute();
    const count = async () => (await t.database.db.selectFrom('subscription_charges').select('id').execute()).length;
    const before = await count();
    const { webhooks } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    await deliverAll(webhooks);
    expect(await count()).toBe(before);
  });
});

describe('a state read before the stored one', () => {
  it('is not written: fewer paid cycles, or anything after an end, is an older read (a slow request racing)', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    const stamp = new Date().toISOString();
    const older = {
      status: 'authenticated' as const,
      paid_count: 0,
      current_period_end: null,
      next_charge_at: null,
      ended_at: null,
    };
    expect(await applyState(t.database.db, made.subscriptionId, older, stamp)).toBe(false);
    expect((await mine(user))[0]?.status).toBe('active');
    const ended = { ...older, status: 'cancelled' as const, paid_count: 1, ended_at: stamp };
    expect(await applyState(t.database.db, made.subscriptionId, ended, stamp)).toBe(true);
    expect(
      await applyState(t.database.db, made.subscriptionId, { ...older, status: 'active', paid_count: 2 }, stamp),
    ).toBe(false);
    expect((await mine(user))[0]?.status).toBe('cancelled');
  });
});

describe("a member's other calls in the player", () => {
  it("the course's notes (requireEnrolment) answer a member and refuse a halted one", async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    const notes = (who: TestUser) =>
      t.app.inject({ method: 'GET', url: `/api/learn/${c2}/notes`, headers: { cookie: who.cookie } });
    expect((await notes(user)).statusCode).toBe(200);
    expect((await notes(await learner())).statusCode).toBe(403);
    await deliverAll(made.webhooks);
    for (let i = 0; i < 3; i++) await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    followFake();
    expect((await notes(await signedInAgain(user))).statusCode).toBe(403);
  });
});

describe("a member's progress", () => {
  it('a member saves progress in an included course, and it shows when the course is opened again; halted, refused', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    const course = (await learn(user, c1)).json() as { sections: { lessons: { id: string }[] }[] };
    const lessonId = course.sections[0]?.lessons[0]?.id ?? '';
    const save = (who: TestUser, positionSeconds: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/learn/${c1}/lessons/${lessonId}/progress`,
        headers: { origin: new URL(t.config.publicUrl).origin, cookie: who.cookie },
        payload: { positionSeconds, completed: false },
      });
    const saved = await save(user, 42);
    expect(saved.statusCode, saved.body).toBe(200);
    const reopened = (await learn(user, c1)).json() as {
      sections: { lessons: { id: string; positionSeconds: number }[] }[];
    };
    expect(reopened.sections[0]?.lessons[0]?.positionSeconds).toBe(42);
    await deliverAll(made.webhooks);
    for (let i = 0; i < 3; i++) await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    followFake();
    expect((await save(await signedInAgain(user), 60)).statusCode).toBe(403);
  });
});

describe('cancelling at the end of the paid period', () => {
  it('cancel: the courses stay open until the period ends, then 403; a repeat answers the same', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    await deliverAll(made.webhooks);
    const url = `/api/my/subscriptions/${made.subscriptionId}/cancel`;
    const res = await post(url, user, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, cancelAtPeriodEnd: true });
    const cancelCalls = () => fake.requests.filter((r) => r.path.endsWith('/cancel')).length;
    const calls = cancelCalls();
    expect((await post(url, user, {})).json()).toEqual({ ok: true, cancelAtPeriodEnd: true });
    expect(cancelCalls()).toBe(calls);
    const [listed] = await mine(user);
    expect(listed).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    setClock(Date.UTC(2026, 1, 10, 5));
    let session = await signedInAgain(user);
    expect((await learn(session, c1)).statusCode).toBe(200);
    setClock(Date.UTC(2026, 1, 10, 6, 0, 1));
    session = await signedInAgain(user);
    expect((await learn(session, c1)).statusCode).toBe(403);
    // The gateway ends it when the cycle is over and charges nothing more.
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId));
    const [ended] = await mine(session);
    expect(ended).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true });
    expect(ended?.charges).toHaveLength(1);
    expect((await learn(session, c1)).statusCode).toBe(403);
    // Its slot is free: the learner may subscribe again.
    expect((await post('/api/subscriptions', session, { planId: plan.id })).statusCode).toBe(201);
  });
});

describe('the privacy centre', () => {
  it('the export lists the memberships; deleting the account cancels them at the gateway at once: no mandate charges an erased account', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    const password = 'a long enough passphrase';
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
    const exported = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie: user.cookie } });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().memberships).toEqual([
      expect.objectContaining({ id: made.subscriptionId, status: 'active' }),
    ]);
    const res = await post('/api/me/delete', user, { password });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('cancelled');
    const row = await t.database.db
      .selectFrom('subscriptions')
      .select(['status', 'live_key'])
      .where('id', '=', made.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', live_key: null });
  });
});

describe('reconciliation, when the browser and the webhooks are lost', () => {
  const log = pino({ level: 'silent' });

  it('a paid checkout whose verify and webhooks never came opens the courses after the next pass', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await subscribed(user, plan.id);
    fake.authenticateSubscription(made.gatewaySubscriptionId);
    expect((await learn(user, c1)).statusCode).toBe(403);
    const lookups = () =>
      fake.requests.filter((r) => r.path === `/v1/subscriptions/${made.gatewaySubscriptionId}`).length;
    await reconcileSubscriptions(t.app.deps, log);
    expect(lookups()).toBe(0);
    setClock(Date.now() + 16 * 60_000);
    const report = await reconcileSubscriptions(t.app.deps, log);
    expect(lookups()).toBe(1);
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect((await mine(user))[0]?.status).toBe('active');
    expect((await learn(user, c1)).statusCode).toBe(200);
    // Once in line, it is not asked again until its next charge is due.
    setClock(Date.now() + 16 * 60_000);
    await reconcileSubscriptions(t.app.deps, log);
    expect(lookups()).toBe(1);
  });

  it('a renewal halted at the gateway without a webhook closes the courses after the next pass', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await member(user, plan.id);
    for (let i = 0; i < 3; i++) fake.chargeSubscription(made.gatewaySubscriptionId, 'failed');
    setClock(((fake.now ?? 0) + 16 * 60) * 1000);
    const session = await signedInAgain(user);
    expect((await learn(session, c1)).statusCode).toBe(200);
    await reconcileSubscriptions(t.app.deps, log);
    expect((await mine(session))[0]?.status).toBe('halted');
    expect((await learn(session, c1)).statusCode).toBe(403);
  });
});
