import { messages, subscribeResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';

// The learner's actions on a membership (issue 34, decision 0037's addendum), as the browser and
// Razorpay's servers meet them: resume before the end and a new payment method are each a new gateway
// subscription the learner authorises in the checkout and the web verifies as for subscribing; the
// education-only acknowledgement on subscribing. The clock is set, never waited for.

const {
  t,
  fake,
  post,
  origin,
  setClock,
  followFake,
  newPlan,
  learner,
  signedInAgain,
  mine,
  deliverAll,
  authorised,
  ...shop
} = useMembershipShop({
  title: 'Resumable club',
  plan: { description: 'Every course, monthly.', price: 999, courseIds: [demoCourseIds[0]] },
});
const [c1] = demoCourseIds;

const FEB_10 = Date.UTC(2026, 1, 10, 6);

const learn = async (user: TestUser) => (await shop.learn(user, c1)).statusCode;
/** The payments the gateway captured on one of its subscriptions (a trial-style authorisation is refunded, not captured). */
const captured = (gatewaySubscriptionId: string) =>
  [...fake.payments.values()].filter(
    (payment) => payment.status === 'captured' && fake.orders.get(payment.order_id)?.receipt === gatewaySubscriptionId,
  );
/** The subscriptions holding the learner's live slot of a plan (`user:plan`); one at most, whatever happens. */
const liveKeys = async (userId: string) =>
  (
    await t.database.db
      .selectFrom('subscriptions')
      .select(['id', 'live_key'])
      .where('user_id', '=', userId)
      .where('live_key', 'like', `${userId}:%`)
      .execute()
  ).map((row) => row.id);

/** Subscribes, pays at the checkout, verifies and delivers the gateway's webhooks. */
async function member(user: TestUser, planId: string) {
  const made = await shop.member(user, planId);
  await deliverAll(made.webhooks);
  return made;
}
/** As the web sends it: a POST with no body. */
const act = (user: TestUser, id: string, action: 'resume' | 'change-method' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: `/api/my/subscriptions/${id}/${action}`,
    headers: { origin: origin(), cookie: user.cookie },
  });
async function replacement(user: TestUser, id: string, action: 'resume' | 'change-method') {
  const res = await act(user, id, action);
  expect(res.statusCode, res.body).toBe(201);
  return subscribeResponse.parse(res.json());
}

describe('resume before the end', () => {
  it('resume: a new subscription charged first when the paid period ends; nothing charged before, once then, the courses open throughout', async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    expect((await act(user, old.subscriptionId, 'cancel')).statusCode).toBe(200);

    const resumed = await replacement(user, old.subscriptionId, 'resume');
    expect(resumed.keyId).toBe(fake.keyId);
    expect(resumed.gatewaySubscriptionId).not.toBe(old.gatewaySubscriptionId);
    const atGateway = fake.subscriptions.get(resumed.gatewaySubscriptionId);
    expect(atGateway?.start_at).toBe(FEB_10 / 1000);
    expect(atGateway?.plan_id).toBe(fake.subscriptions.get(old.gatewaySubscriptionId)?.plan_id);
    expect(atGateway?.notes).toMatchObject({ userId: user.id, subscriptionId: resumed.subscriptionId });

    const webhooks = await authorised(user, resumed.gatewaySubscriptionId);
    await deliverAll(webhooks);
    expect(captured(resumed.gatewaySubscriptionId)).toEqual([]);
    const listed = await mine(user);
    expect(listed.find((s) => s.id === old.subscriptionId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      replacedBy: resumed.subscriptionId,
    });
    expect(listed.find((s) => s.id === resumed.subscriptionId)).toMatchObject({
      status: 'authenticated',
      cancelAtPeriodEnd: false,
      replaces: old.subscriptionId,
      startsAt: new Date(FEB_10).toISOString(),
      nextChargeAt: new Date(FEB_10).toISOString(),
      charges: [],
    });
    // Still one live membership of the plan: the new one holds the slot.
    expect(await liveKeys(user.id)).toEqual([resumed.subscriptionId]);
    expect((await post('/api/subscriptions', user, { planId: plan.id })).statusCode).toBe(409);

    setClock(FEB_10 - 3_600_000);
    let session = await signedInAgain(user);
    expect(await learn(session)).toBe(200);
    // The old one runs out at its end (not charged); the new one is charged there, once.
    await deliverAll(fake.chargeSubscription(old.gatewaySubscriptionId));
    followFake();
    session = await signedInAgain(user);
    expect(await learn(session)).toBe(200);
    await deliverAll(fake.chargeSubscription(resumed.gatewaySubscriptionId));
    expect(await learn(session)).toBe(200);
    expect(captured(old.gatewaySubscriptionId)).toHaveLength(1);
    const charged = captured(resumed.gatewaySubscriptionId);
    expect(charged.map((payment) => payment.created_at)).toEqual([FEB_10 / 1000]);
    const after = await mine(session);
    expect(after.find((s) => s.id === old.subscriptionId)?.status).toBe('cancelled');
    expect(after.find((s) => s.id === resumed.subscriptionId)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date(Date.UTC(2026, 2, 10, 6)).toISOString(),
    });
    expect(after.find((s) => s.id === resumed.subscriptionId)?.charges).toHaveLength(1);
  });

  it("the replacement's webhooks alone take over when the browser's verify is lost", async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    await act(user, old.subscriptionId, 'cancel');
    const resumed = await replacement(user, old.subscriptionId, 'resume');
    await deliverAll(fake.authenticateSubscription(resumed.gatewaySubscriptionId).webhooks);
    expect((await mine(user)).find((s) => s.id === old.subscriptionId)?.replacedBy).toBe(resumed.subscriptionId);
    expect(await liveKeys(user.id)).toEqual([resumed.subscriptionId]);
  });

  it('an abandoned resume changes nothing: the membership runs out at its end and the plan can be subscribed again', async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    await act(user, old.subscriptionId, 'cancel');
    const before = await mine(user);
    const resumed = await replacement(user, old.subscriptionId, 'resume');
    expect(await mine(user)).toEqual(before);
    expect(await liveKeys(user.id)).toContain(old.subscriptionId);

    setClock(FEB_10 + 1000);
    const session = await signedInAgain(user);
    expect(await learn(session)).toBe(403);
    await deliverAll(fake.chargeSubscription(old.gatewaySubscriptionId));
    expect((await mine(session)).map((s) => [s.id, s.status])).toEqual([[old.subscriptionId, 'cancelled']]);
    expect(captured(resumed.gatewaySubscriptionId)).toEqual([]);
    // The unauthorised resume is let go at the gateway: a checkout tab left open cannot start it now.
    expect(fake.subscriptions.get(resumed.gatewaySubscriptionId)?.status).toBe('cancelled');
    expect(() => fake.authenticateSubscription(resumed.gatewaySubscriptionId)).toThrow();
    const again = await member(session, plan.id);
    expect(await liveKeys(user.id)).toEqual([again.subscriptionId]);
  });

  it("someone else's membership is not found (404) and nothing is made at the gateway", async () => {
    const plan = await newPlan();
    const owner = await learner();
    const old = await member(owner, plan.id);
    await act(owner, old.subscriptionId, 'cancel');
    const other = await learner();
    const before = fake.subscriptions.size;
    for (const action of ['resume', 'change-method'] as const) {
      const res = await act(other, old.subscriptionId, action);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.subscriptionNotFound);
    }
    expect(fake.subscriptions.size).toBe(before);
    expect((await act(owner, 'nosuchsubscription', 'resume')).statusCode).toBe(404);
  });

  it('after the paid period has ended a resume is refused (409) with a clear message; one not cancelled has nothing to resume', async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    const notCancelled = await act(user, old.subscriptionId, 'resume');
    expect(notCancelled.statusCode).toBe(409);
    expect(notCancelled.json().message).toBe(messages.subscriptionNotCancelled);
    await act(user, old.subscriptionId, 'cancel');
    const before = fake.subscriptions.size;
    // By the clock, before the gateway's `cancelled` has come.
    setClock(FEB_10 + 1000);
    let session = await signedInAgain(user);
    let res = await act(session, old.subscriptionId, 'resume');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.subscriptionResumeTooLate);
    await deliverAll(fake.chargeSubscription(old.gatewaySubscriptionId));
    session = await signedInAgain(user);
    res = await act(session, old.subscriptionId, 'resume');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.subscriptionResumeTooLate);
    expect(fake.subscriptions.size).toBe(before);
  });

  it('resume in two tabs makes one replacement; asked again it is the same one; once it took over, 409', async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    await act(user, old.subscriptionId, 'cancel');
    const before = fake.subscriptions.size;
    const answers = await Promise.all([
      act(user, old.subscriptionId, 'resume'),
      act(user, old.subscriptionId, 'resume'),
    ]);
    expect(answers.every((res) => res.statusCode === 201 || res.statusCode === 409)).toBe(true);
    const ok = answers.filter((res) => res.statusCode === 201).map((res) => subscribeResponse.parse(res.json()));
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.gatewaySubscriptionId)).size).toBe(1);
    expect(fake.subscriptions.size).toBe(before + 1);
    const again = await replacement(user, old.subscriptionId, 'resume');
    expect(again.gatewaySubscriptionId).toBe(ok[0]?.gatewaySubscriptionId);
    expect(fake.subscriptions.size).toBe(before + 1);
    await authorised(user, again.gatewaySubscriptionId);
    const done = await act(user, old.subscriptionId, 'resume');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(messages.subscriptionAlreadyReplaced);
    expect(fake.subscriptions.size).toBe(before + 1);
  });
});

describe('a new payment method', () => {
  it('an active membership: the new one starts at the end of the paid period, the old one is cancelled at it; one charge a period', async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    const moved = await replacement(user, old.subscriptionId, 'change-method');
    expect(fake.subscriptions.get(moved.gatewaySubscriptionId)?.start_at).toBe(FEB_10 / 1000);
    // Before the authorisation is verified, the old one is untouched.
    const cancels = () =>
      fake.requests.filter((r) => r.path === `/v1/subscriptions/${old.gatewaySubscriptionId}/cancel`);
    expect(cancels()).toEqual([]);
    await authorised(user, moved.gatewaySubscriptionId);
    expect(cancels().map((r) => r.body)).toEqual([{ cancel_at_cycle_end: 1 }]);
    const listed = await mine(user);
    expect(listed.find((s) => s.id === old.subscriptionId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      replacedBy: moved.subscriptionId,
    });
    expect(listed.find((s) => s.id === moved.subscriptionId)).toMatchObject({
      status: 'authenticated',
      replaces: old.subscriptionId,
      startsAt: new Date(FEB_10).toISOString(),
    });
    expect(captured(moved.gatewaySubscriptionId)).toEqual([]);
    expect(await learn(user)).toBe(200);

    await deliverAll(fake.chargeSubscription(old.gatewaySubscriptionId));
    followFake();
    const session = await signedInAgain(user);
    await deliverAll(fake.chargeSubscription(moved.gatewaySubscriptionId));
    expect(await learn(session)).toBe(200);
    expect(captured(old.gatewaySubscriptionId)).toHaveLength(1);
    expect(captured(moved.gatewaySubscriptionId).map((payment) => payment.created_at)).toEqual([FEB_10 / 1000]);
    expect(await liveKeys(user.id)).toEqual([moved.subscriptionId]);
  });

  it('a halted membership: the new one is charged at its authorisation, the old one cancelled at once, the courses open again', async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    for (let i = 0; i < 3; i++) await deliverAll(fake.chargeSubscription(old.gatewaySubscriptionId, 'failed'));
    followFake();
    const session = await signedInAgain(user);
    expect((await mine(session))[0]?.status).toBe('halted');
    expect(await learn(session)).toBe(403);

    const moved = await replacement(session, old.subscriptionId, 'change-method');
    expect(fake.subscriptions.get(moved.gatewaySubscriptionId)?.start_at).toBeNull();
    await authorised(session, moved.gatewaySubscriptionId);
    expect(await learn(session)).toBe(200);
    expect(fake.subscriptions.get(old.gatewaySubscriptionId)?.status).toBe('cancelled');
    const listed = await mine(session);
    expect(listed.find((s) => s.id === old.subscriptionId)).toMatchObject({
      status: 'cancelled',
      replacedBy: moved.subscriptionId,
    });
    const current = listed.find((s) => s.id === moved.subscriptionId);
    expect(current).toMatchObject({ status: 'active', startsAt: null, replaces: old.subscriptionId });
    expect(current?.charges).toHaveLength(1);
    expect(captured(moved.gatewaySubscriptionId)).toHaveLength(1);
    expect(await liveKeys(user.id)).toEqual([moved.subscriptionId]);
  });

  it('a membership cancelled at period end is resumed, not moved (409)', async () => {
    const plan = await newPlan();
    const user = await learner();
    const old = await member(user, plan.id);
    await act(user, old.subscriptionId, 'cancel');
    const res = await act(user, old.subscriptionId, 'change-method');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.subscriptionChangeMethodCancelled);
  });
});

describe('the education-only acknowledgement on subscribing', () => {
  const acknowledged = async (subscriptionId: string) =>
    (
      await t.database.db
        .selectFrom('subscriptions')
        .select('disclaimer_accepted_at')
        .where('id', '=', subscriptionId)
        .executeTakeFirstOrThrow()
    ).disclaimer_accepted_at;

  it('disclaimerAccepted: true is stored with the time; { planId } alone records none; false is refused (400)', async () => {
    const plan = await newPlan();
    const tickedBy = await learner();
    const ticked = await post('/api/subscriptions', tickedBy, { planId: plan.id, disclaimerAccepted: true });
    expect(ticked.statusCode, ticked.body).toBe(201);
    expect(await acknowledged(subscribeResponse.parse(ticked.json()).subscriptionId)).toBe(new Date().toISOString());
    expect((await mine(tickedBy))[0]?.disclaimerAcceptedAt).toBe(new Date().toISOString());
    const bare = await post('/api/subscriptions', await learner(), { planId: plan.id });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(await acknowledged(subscribeResponse.parse(bare.json()).subscriptionId)).toBeNull();
    const refused = await post('/api/subscriptions', await learner(), { planId: plan.id, disclaimerAccepted: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(messages.disclaimerRequired);
  });
});
