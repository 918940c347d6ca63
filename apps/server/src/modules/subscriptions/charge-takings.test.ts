import { adminDashboard } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { useMembershipShop } from '../../../test/membership-kit.js';

// The owner's dashboard counts what memberships and instalments take, not only orders: each charge kept
// is takings on the India day it was paid (gross, and net of GST by its invoice); a charge the operator
// refunds leaves the takings and counts among the refunds.

const { t, post, admin, learner, chargedMember, newPlan } = useMembershipShop();

async function dashboard(by: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: by.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return adminDashboard.parse(res.json().dashboard);
}

const chargeOf = async (subscriptionId: string) =>
  t.database.db
    .selectFrom('subscription_charges')
    .select('gateway_payment_id')
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirstOrThrow();

describe("the owner's dashboard and membership charges", () => {
  it('two ₹1,180 charges are ₹2,360 taken today (₹2,000 net of GST); one refunded moves ₹1,180 to the refunds', async () => {
    const operator = await admin();
    const before = await dashboard(operator);
    const plan = await newPlan();
    const first = await chargedMember(await learner(), plan.id);
    await chargedMember(await learner(), plan.id);

    const charged = await dashboard(operator);
    expect(charged.revenueTodayPaise - before.revenueTodayPaise).toBe(236_000);
    expect(charged.revenueByDay.at(-1)?.paise).toBe(charged.revenueTodayPaise);
    expect(charged.netOfTaxLast30DaysPaise - before.netOfTaxLast30DaysPaise).toBe(200_000);
    expect(charged.ordersToday).toBe(before.ordersToday);

    const { gateway_payment_id: paymentId } = await chargeOf(first.subscriptionId);
    const refund = await post(
      `/api/admin/subscriptions/${first.subscriptionId}/charges/${paymentId}/refund`,
      operator,
      {},
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = await dashboard(operator);
    expect(refunded.revenueTodayPaise - before.revenueTodayPaise).toBe(118_000);
    expect(refunded.netOfTaxLast30DaysPaise - before.netOfTaxLast30DaysPaise).toBe(100_000);
    expect(refunded.refundsLast30Days - before.refundsLast30Days).toBe(1);
    expect(refunded.refundedLast30DaysPaise - before.refundedLast30DaysPaise).toBe(118_000);
  });
});
