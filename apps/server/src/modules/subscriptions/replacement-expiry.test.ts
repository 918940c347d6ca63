import { adminPlanResponse, subscribeResponse } from '@shop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeDelivery } from '../../../test/fake-razorpay.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { usePaymentsShop } from '../../../test/payments-kit.js';
import { demoCourses } from '../../seed/seed-courses.js';

// Nothing charged twice when a membership's payment method is changed (decision 0037's addendum): the
// new subscription's first charge is the old one's next charge date. A checkout left open past that date
// (the old one renewed meanwhile) must not authorise it and charge that period again: the replacement
// is made with Razorpay's `expire_by` at its first charge, so the gateway lets it expire instead.

const { t, fake, post, deliver, origin } = usePaymentsShop('file');
const [c1] = demoCourses.map((course) => course._id as string) as [string];

const JAN_10 = Date.UTC(2026, 0, 10, 6);
const FEB_10 = Date.UTC(2026, 1, 10, 6);
const MAR_10 = Date.UTC(2026, 2, 10, 6);

function setClock(ms: number) {
  vi.setSystemTime(ms);
  fake.now = Math.floor(ms / 1000);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setClock(JAN_10);
});
afterEach(() => {
  fake.now = undefined;
  vi.useRealTimers();
});

const deliverAll = async (deliveries: FakeDelivery[]) => {
  for (const delivery of deliveries) expect((await deliver(delivery)).statusCode, delivery.body).toBe(200);
};
/** The payments captured on one gateway subscription. */
const captured = (gatewaySubscriptionId: string) =>
  [...fake.payments.values()].filter(
    (payment) => payment.status === 'captured' && fake.orders.get(payment.order_id)?.receipt === gatewaySubscriptionId,
  );

async function monthlyPlan() {
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const res = await post('/api/admin/plans', admin, {
    title: 'Monthly desk',
    description: 'One course, monthly.',
    price: 999,
    period: 'month',
    trialDays: 0,
    allCourses: false,
    courseIds: [c1],
    liveSessions: false,
    community: false,
    published: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminPlanResponse.parse(res.json()).plan;
}

/** Subscribes and pays the first month at the checkout. */
async function member(user: TestUser, planId: string) {
  const res = await post('/api/subscriptions', user, { planId });
  expect(res.statusCode, res.body).toBe(201);
  const made = subscribeResponse.parse(res.json());
  const { answer, webhooks } = fake.authenticateSubscription(made.gatewaySubscriptionId);
  expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);
  await deliverAll(webhooks);
  return made;
}

const changeMethod = async (user: TestUser, id: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/my/subscriptions/${id}/change-method`,
    headers: { origin: origin(), cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return subscribeResponse.parse(res.json());
};

describe('a new payment method left unauthorised past its start', () => {
  it('cannot be authorised after the old one renewed: one charge for the period; asked again, the next one starts a period later', async () => {
    const user = await createSignedInUser(t.database.db);
    const old = await member(user, (await monthlyPlan()).id);
    setClock(JAN_10 + 10 * 86_400_000);
    const stale = await changeMethod(user, old.subscriptionId);
    expect(fake.subscriptions.get(stale.gatewaySubscriptionId)).toMatchObject({
      start_at: FEB_10 / 1000,
      expire_by: FEB_10 / 1000,
    });

    // The checkout stays open; the old subscription renews on 10 February.
    await deliverAll(fake.chargeSubscription(old.gatewaySubscriptionId));
    setClock(FEB_10 + 86_400_000);
    expect(() => fake.authenticateSubscription(stale.gatewaySubscriptionId)).toThrow(/is expired/);
    expect(captured(old.gatewaySubscriptionId)).toHaveLength(2);
    expect(captured(stale.gatewaySubscriptionId)).toEqual([]);

    // Asked again, a new subscription whose first charge is the old one's next (10 March).
    const fresh = await changeMethod(user, old.subscriptionId);
    expect(fresh.gatewaySubscriptionId).not.toBe(stale.gatewaySubscriptionId);
    expect(fake.subscriptions.get(fresh.gatewaySubscriptionId)).toMatchObject({
      start_at: MAR_10 / 1000,
      expire_by: MAR_10 / 1000,
    });
    const { answer, webhooks } = fake.authenticateSubscription(fresh.gatewaySubscriptionId);
    expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);
    await deliverAll(webhooks);
    expect(captured(fresh.gatewaySubscriptionId)).toEqual([]);
    expect(captured(old.gatewaySubscriptionId)).toHaveLength(2);
  });
});
