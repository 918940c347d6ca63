import { subscribeResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { useSandboxShop } from '../../../test/membership-kit.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { DEMO_PLAN_ID } from '../../seed/seed-plans.js';

// A fresh machine's shop (the sandbox gateway, the demo plan with 7 free days): a learner in the trial
// changes the payment method; the sandbox's widget authorises the new subscription, its own webhooks
// reach the shop, and its renewal run charges the new one once when the trial ends, the old one never.

const { sandbox, post, learner, learn, mine, subscribed, authorise } = useSandboxShop();

describe('a new payment method in the sandbox', () => {
  it('during the trial: the new one takes over, the courses stay open, the renewal run charges only the new one, once', async () => {
    const user = await learner();
    const old = await subscribed(user, DEMO_PLAN_ID, { disclaimerAccepted: true });
    await authorise(user, old.gatewaySubscriptionId);
    const trialEnd = (await mine(user))[0]?.nextChargeAt;

    const res = await post(`/api/my/subscriptions/${old.subscriptionId}/change-method`, user, {});
    expect(res.statusCode, res.body).toBe(201);
    const moved = subscribeResponse.parse(res.json());
    await authorise(user, moved.gatewaySubscriptionId);
    const listed = await mine(user);
    expect(listed.find((s) => s.id === old.subscriptionId)).toMatchObject({
      status: 'cancelled',
      replacedBy: moved.subscriptionId,
    });
    expect(listed.find((s) => s.id === moved.subscriptionId)).toMatchObject({
      status: 'authenticated',
      startsAt: trialEnd,
      nextChargeAt: trialEnd,
      charges: [],
    });
    for (const course of demoCourses) expect((await learn(user, course._id ?? '')).statusCode).toBe(200);

    const charged = await sandbox().chargeDueSubscriptions(new Date(Date.now() + 8 * 86_400_000));
    await sandbox().webhooksSettled();
    const after = await mine(user);
    expect(after.find((s) => s.id === moved.subscriptionId)?.charges).toHaveLength(1);
    expect(after.find((s) => s.id === old.subscriptionId)?.charges).toEqual([]);
    expect(charged.length).toBeGreaterThan(0);
  });
});
