import { adminPlanResponse, messages, subscribeResponse } from '@shop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeDelivery } from '../../../test/fake-razorpay.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { usePaymentsShop } from '../../../test/payments-kit.js';
import { createSession } from '../../auth/session.js';
import { demoCourses } from '../../seed/seed-courses.js';

// The memberships' money rules as the operator and the gateway meet them (issue 34, decision 0020's
// 90 % target): a refund of one charge when the gateway is down or has already been asked.

const { t, fake, post, deliver } = usePaymentsShop('file');
const [c1, c2] = demoCourses.map((course) => course._id as string) as [string, string];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 0, 10, 6));
  fake.now = Math.floor(Date.UTC(2026, 0, 10, 6) / 1000);
});
afterEach(() => {
  fake.now = undefined;
  fake.mode = 'up';
  vi.useRealTimers();
});

let made = 0;
async function memberWithOneCharge() {
  made += 1;
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const planRes = await post('/api/admin/plans', admin, {
    title: `Money Rules Club ${made}`,
    description: 'Two courses every month.',
    price: 1180,
    period: 'month',
    trialDays: 0,
    allCourses: false,
    courseIds: [c1, c2],
    liveSessions: false,
    community: false,
    published: true,
  });
  expect(planRes.statusCode, planRes.body).toBe(201);
  const plan = adminPlanResponse.parse(planRes.json()).plan;
  const user = await createSignedInUser(t.database.db);
  const res = await post('/api/subscriptions', user, { planId: plan.id });
  expect(res.statusCode, res.body).toBe(201);
  const sub = subscribeResponse.parse(res.json());
  const { webhooks } = fake.authenticateSubscription(sub.gatewaySubscriptionId);
  for (const delivery of webhooks as FakeDelivery[]) expect((await deliver(delivery)).statusCode).toBe(200);
  const charges = await t.database.db
    .selectFrom('subscription_charges')
    .selectAll()
    .where('subscription_id', '=', sub.subscriptionId)
    .execute();
  expect(charges).toHaveLength(1);
  return { sub, paymentId: charges[0]?.gateway_payment_id ?? '', operator: admin as TestUser };
}
const refundUrl = (subscriptionId: string, paymentId: string) =>
  `/api/admin/subscriptions/${subscriptionId}/charges/${paymentId}/refund`;

describe("the operator's refund of a membership charge", () => {
  it('gateway down: 503 with the gateway-down text, nothing recorded; once it is back the refund goes through', async () => {
    const { sub, paymentId, operator } = await memberWithOneCharge();
    fake.mode = 'down';
    const down = await post(refundUrl(sub.subscriptionId, paymentId), operator, {});
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().message).toBe(messages.adminRefundGatewayDown);
    const row = await t.database.db
      .selectFrom('subscription_charges')
      .select('refunded_at')
      .where('gateway_payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row.refunded_at).toBeNull();
    fake.mode = 'up';
    const again = await post(refundUrl(sub.subscriptionId, paymentId), operator, {});
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a second refund of a refunded charge is refused with 409 and never reaches the gateway', async () => {
    const { sub, paymentId, operator } = await memberWithOneCharge();
    const first = await post(refundUrl(sub.subscriptionId, paymentId), operator, {});
    expect(first.statusCode, first.body).toBe(200);
    const before = fake.requests.length;
    const second = await post(refundUrl(sub.subscriptionId, paymentId), operator, {});
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(messages.subscriptionChargeRefunded);
    expect(fake.requests.slice(before).filter((r) => r.path.includes('/refund'))).toHaveLength(0);
  });
});

describe('a membership cancelled at the end of its paid period', () => {
  it('opens the courses up to the last millisecond of the paid period and not at its end instant', async () => {
    const { sub } = await memberWithOneCharge();
    const row = await t.database.db
      .selectFrom('subscriptions')
      .select(['user_id', 'current_period_end'])
      .where('id', '=', sub.subscriptionId)
      .executeTakeFirstOrThrow();
    const user = { id: row.user_id } as TestUser;
    const session = async () => {
      const token = await createSession(t.database.db, user.id);
      return `token=${token}`;
    };
    const cookie0 = await session();
    const cancel = await post(`/api/my/subscriptions/${sub.subscriptionId}/cancel`, { ...user, cookie: cookie0 }, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const end = new Date(row.current_period_end ?? '').getTime();
    expect(end).toBeGreaterThan(Date.now());
    const learn = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/learn/${c1}`, headers: { cookie: await session() } })).statusCode;
    vi.setSystemTime(end - 1);
    expect(await learn()).toBe(200);
    vi.setSystemTime(end);
    expect(await learn()).toBe(403);
  });
});
