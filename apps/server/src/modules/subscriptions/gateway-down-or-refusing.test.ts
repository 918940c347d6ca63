import { adminInstalmentsResponse, messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';

// Subscribing and cancelling when Razorpay is down or refuses (issue 34, decision 0020's 90 % target on
// subscribe and cancel): the learner gets a clear answer, nothing half-made is left holding their slot, and
// a cancel is never reported done while the gateway would still charge. What the shop sends Razorpay when
// it makes a subscription (how many charges, whose it is) is read from the stand-in's requests.

const { t, fake, post, deliverAll, setClock, newPlan, learner, admin, signedInAgain, mine, subscribed, member } =
  useMembershipShop({ title: 'Gateway Trouble Club' });

const cancel = (user: TestUser, subscriptionId: string) =>
  post(`/api/my/subscriptions/${subscriptionId}/cancel`, user, {});
const cancelCalls = (gatewaySubscriptionId: string) =>
  fake.requests.filter((request) => request.path === `/v1/subscriptions/${gatewaySubscriptionId}/cancel`).length;
/** The learner's subscription rows, whatever their state (the ones My Memberships leaves out too). */
const rowsOf = (user: TestUser) =>
  t.database.db
    .selectFrom('subscriptions')
    .select(['status', 'cancel_at_period_end', 'gateway_subscription_id'])
    .where('user_id', '=', user.id)
    .execute();
/** The body of each subscription the shop asked Razorpay to make, in order. */
const subscriptionsAsked = () =>
  fake.requests
    .filter((request) => request.method === 'POST' && request.path === '/v1/subscriptions')
    .map((request) => request.body as { total_count: number; notes: Record<string, string> });

/** A member whose first charge is in (verify and the checkout's webhooks). */
async function paidMember() {
  const plan = await newPlan();
  const user = await learner();
  const made = await member(user, plan.id);
  await deliverAll(made.webhooks);
  return { plan, user, made };
}

/** The console offers the course in 3 monthly payments of ₹2,000; the hidden plan's id. */
async function offeredInInstalments(courseId: string): Promise<string> {
  const res = await post(`/api/admin/courses/${courseId}/instalments`, await admin(), { count: 3, amount: 2000 });
  expect([200, 201], res.body).toContain(res.statusCode);
  const planId = adminInstalmentsResponse.parse(res.json()).instalments?.planId;
  if (!planId) throw new Error('no instalment plan');
  return planId;
}

describe('cancelling while the gateway is down or refuses', () => {
  it('gateway down: 503 with the try-again message, nothing marked; once it is back the same click cancels', async () => {
    const { user, made } = await paidMember();
    fake.mode = 'down';
    const refused = await cancel(user, made.subscriptionId);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(messages.gatewayUnavailable);
    expect(await mine(user)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false }]);
    fake.mode = 'up';
    const done = await cancel(user, made.subscriptionId);
    expect(done.statusCode, done.body).toBe(200);
    expect(await mine(user)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: true }]);
  });

  it('refused because it already ended at the gateway (its webhook lost): the ended state is stored and the cancel answers done', async () => {
    const { user, made } = await paidMember();
    const atGateway = fake.subscriptions.get(made.gatewaySubscriptionId);
    if (!atGateway) throw new Error('not at the gateway');
    // Cancelled at once from Razorpay's dashboard; the shop never heard.
    Object.assign(atGateway, { status: 'cancelled', ended_at: fake.now });
    const res = await cancel(user, made.subscriptionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, cancelAtPeriodEnd: true });
    expect(await mine(user)).toMatchObject([{ status: 'cancelled', cancelAtPeriodEnd: true }]);
    expect(cancelCalls(made.gatewaySubscriptionId)).toBe(1);
  });

  it('refused while the gateway still holds it live: 409 saying nothing changed, never "cancelled"; a retry cancels', async () => {
    const { user, made } = await paidMember();
    fake.refuseNext(`/v1/subscriptions/${made.gatewaySubscriptionId}/cancel`, 'Please try again after some time.');
    const refused = await cancel(user, made.subscriptionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.subscriptionCancelRefused);
    expect(await mine(user)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false }]);
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('active');
    // The retry goes through; the next cycle ends it instead of charging.
    expect((await cancel(user, made.subscriptionId)).statusCode).toBe(200);
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId));
    expect(await mine(await signedInAgain(user))).toMatchObject([{ status: 'cancelled', cancelAtPeriodEnd: true }]);
  });

  it('a membership the shop knows has ended is refused (409) without asking the gateway', async () => {
    const { user, made } = await paidMember();
    const atGateway = fake.subscriptions.get(made.gatewaySubscriptionId);
    if (!atGateway) throw new Error('not at the gateway');
    Object.assign(atGateway, { status: 'cancelled', ended_at: fake.now });
    await deliverAll([fake.subscriptionWebhook('subscription.cancelled', made.gatewaySubscriptionId)]);
    expect(await mine(user)).toMatchObject([{ status: 'cancelled', cancelAtPeriodEnd: false }]);
    const res = await cancel(user, made.subscriptionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.subscriptionCannotCancel);
    expect(cancelCalls(made.gatewaySubscriptionId)).toBe(0);
  });
});

describe('subscribing while the gateway is down or refuses', () => {
  it('gateway down while making it: 503, no subscription left holding the slot; once it is back, 201', async () => {
    const plan = await newPlan();
    const user = await learner();
    fake.mode = 'down';
    const refused = await post('/api/subscriptions', user, { planId: plan.id });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(messages.gatewayUnavailable);
    expect(await rowsOf(user)).toEqual([]);
    fake.mode = 'up';
    await subscribed(user, plan.id);
    expect(await rowsOf(user)).toHaveLength(1);
  });

  it('the gateway refuses the subscription: 400 with its reason, nothing left; a retry is free to go through', async () => {
    const plan = await newPlan();
    const first = await learner();
    await subscribed(first, plan.id); // the gateway's plan exists; the next request is the subscription's
    const user = await learner();
    fake.refuseNext('/v1/subscriptions', 'The total count must be at least 1.');
    const refused = await post('/api/subscriptions', user, { planId: plan.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${messages.orderCreateFailed}: The total count must be at least 1.`);
    expect(await rowsOf(user)).toEqual([]);
    await subscribed(user, plan.id);
  });

  it('gateway down while letting go of an abandoned checkout: 503, the old one still held; once back, it is cancelled and the new one made', async () => {
    const plan = await newPlan();
    const user = await learner();
    const abandoned = await subscribed(user, plan.id);
    setClock(Date.now() + 31 * 60_000);
    const later = await signedInAgain(user);
    fake.mode = 'down';
    const refused = await post('/api/subscriptions', later, { planId: plan.id });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(messages.gatewayUnavailable);
    expect(await rowsOf(user)).toEqual([
      { status: 'created', cancel_at_period_end: 0, gateway_subscription_id: abandoned.gatewaySubscriptionId },
    ]);
    fake.mode = 'up';
    const made = await subscribed(later, plan.id);
    expect(fake.subscriptions.get(abandoned.gatewaySubscriptionId)?.status).toBe('cancelled');
    expect((await rowsOf(user)).map((row) => row.gateway_subscription_id).sort()).toEqual(
      [abandoned.gatewaySubscriptionId, made.gatewaySubscriptionId].sort(),
    );
  });
});

describe('what the shop asks Razorpay to make', () => {
  it('a membership runs ten years of months; instalments stop after their count; each carries the learner, our subscription and the plan', async () => {
    const plan = await newPlan();
    const user = await learner();
    const membership = await subscribed(user, plan.id);
    const instalmentPlanId = await offeredInInstalments(demoCourseIds[2]);
    const payer = await learner();
    const instalments = await subscribed(payer, instalmentPlanId);
    const [membershipAsked, instalmentsAsked] = subscriptionsAsked().slice(-2);
    expect(membershipAsked).toMatchObject({
      total_count: 120,
      notes: { userId: user.id, subscriptionId: membership.subscriptionId, planId: plan.id },
    });
    expect(instalmentsAsked).toMatchObject({
      total_count: 3,
      notes: { userId: payer.id, subscriptionId: instalments.subscriptionId, planId: instalmentPlanId },
    });
  });

  it('a learner already paying these instalments asking again is told they have them (409), not that the course is in other instalments', async () => {
    const planId = await offeredInInstalments(demoCourseIds[2]);
    const payer = await learner();
    await member(payer, planId);
    const again = await post('/api/subscriptions', payer, { planId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.subscriptionExists);
  });
});
