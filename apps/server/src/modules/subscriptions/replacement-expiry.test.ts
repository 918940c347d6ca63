import { subscribeResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { MEMBERSHIP_EPOCH, useMembershipShop } from '../../../test/membership-kit.js';

// Nothing charged twice when a membership's payment method is changed (decision 0037's addendum): the
// new subscription's first charge is the old one's next charge date. A checkout left open past that date
// (the old one renewed meanwhile) must not authorise it and charge that period again: the replacement
// is made with Razorpay's `expire_by` at its first charge, so the gateway lets it expire instead.

const { t, fake, origin, setClock, newPlan, learner, member, deliverAll, authorised } = useMembershipShop({
  title: 'Monthly desk',
});

const FEB_10 = Date.UTC(2026, 1, 10, 6);
const MAR_10 = Date.UTC(2026, 2, 10, 6);

/** The payments captured on one gateway subscription. */
const captured = (gatewaySubscriptionId: string) =>
  [...fake.payments.values()].filter(
    (payment) => payment.status === 'captured' && fake.orders.get(payment.order_id)?.receipt === gatewaySubscriptionId,
  );

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
    const user = await learner();
    const old = await member(user, (await newPlan()).id);
    await deliverAll(old.webhooks);
    setClock(MEMBERSHIP_EPOCH + 10 * 86_400_000);
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
    await deliverAll(await authorised(user, fresh.gatewaySubscriptionId));
    expect(captured(fresh.gatewaySubscriptionId)).toEqual([]);
    expect(captured(old.gatewaySubscriptionId)).toHaveLength(2);
  });
});
