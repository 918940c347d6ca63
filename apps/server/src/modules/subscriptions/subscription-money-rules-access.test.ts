import { describe, expect, it } from 'vitest';
import { FAKE_CHARGE_ATTEMPTS } from '../../../test/fake-razorpay.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { opensCourses } from './member-access.js';

// Which memberships open their plan's courses, at the edges of the paid period (issue 34, decision 0020's
// 90 % target): a renewal the gateway is still retrying, and the gateway's end of a membership cancelled at
// its period's end. The clock is set, never waited for.

const { t, fake, post, setClock, followFake, newPlan, learner, signedInAgain, learn, deliverAll, chargedMember } =
  useMembershipShop({ title: 'Money Rules Access Club' });
const [c1] = demoCourseIds;

const periodEndOf = async (subscriptionId: string) => {
  const row = await t.database.db
    .selectFrom('subscriptions')
    .select('current_period_end')
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow();
  return new Date(row.current_period_end ?? '').getTime();
};

describe("a membership's access at the end of its paid period", () => {
  it('a renewal the gateway is retrying keeps the courses open past the paid period; halted after the last try closes them', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await chargedMember(user, plan.id);
    const end = await periodEndOf(made.subscriptionId);
    await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    followFake();
    setClock(end + 2 * 86_400_000);
    const session = await signedInAgain(user);
    expect((await learn(session, c1)).statusCode).toBe(200);
    for (let attempt = 1; attempt < FAKE_CHARGE_ATTEMPTS; attempt += 1)
      await deliverAll(fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'));
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('halted');
    expect((await learn(session, c1)).statusCode).toBe(403);
  });

  it("cancelled at the period's end: the gateway's cancellation arriving a second early leaves the courses open until the end, closed at it", async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await chargedMember(user, plan.id);
    const cancel = await post(`/api/my/subscriptions/${made.subscriptionId}/cancel`, user, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const end = await periodEndOf(made.subscriptionId);
    // The gateway ends it at the period's end (ended_at = the end); the app's clock is a second behind.
    const ended = fake.chargeSubscription(made.gatewaySubscriptionId);
    setClock(end - 1000);
    await deliverAll(ended);
    const row = await t.database.db
      .selectFrom('subscriptions')
      .select(['status', 'ended_at'])
      .where('id', '=', made.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(new Date(row.ended_at ?? '').getTime()).toBe(end);
    const session = await signedInAgain(user);
    expect((await learn(session, c1)).statusCode).toBe(200);
    setClock(end);
    expect((await learn(session, c1)).statusCode).toBe(403);
  });
});

describe('the access rule on states the gateway may report before a paid period is known', () => {
  const now = new Date('2026-03-01T00:00:00.000Z');
  const later = '2026-03-15T00:00:00.000Z';
  const row = (fields: Partial<Parameters<typeof opensCourses>[0]>) => ({
    plan_id: 'p',
    status: 'active' as const,
    current_period_end: null,
    cancel_at_period_end: 0,
    ended_at: null,
    ...fields,
  });

  it('a trial cancelled at its end, with no paid period yet, opens until the gateway ends it', () => {
    expect(opensCourses(row({ status: 'authenticated', cancel_at_period_end: 1 }), now)).toBe(true);
    expect(opensCourses(row({ status: 'cancelled', cancel_at_period_end: 1, ended_at: later }), now)).toBe(false);
  });

  it('cancelled within a paid period whose end time the gateway has not given yet: open until the period ends', () => {
    expect(opensCourses(row({ status: 'cancelled', current_period_end: later }), now)).toBe(true);
    expect(opensCourses(row({ status: 'cancelled', current_period_end: later }), new Date(later))).toBe(false);
  });
});
