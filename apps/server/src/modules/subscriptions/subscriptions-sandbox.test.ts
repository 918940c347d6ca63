import { describe, expect, it } from 'vitest';
import { useSandboxShop } from '../../../test/membership-kit.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { DEMO_PLAN_ID } from '../../seed/seed-plans.js';

// A fresh machine's shop (the sandbox gateway, the demo plan "Trader's Club": every course, 7 free days):
// a learner subscribes, authorises in the sandbox's widget, and the sandbox's own webhooks reach the
// shop's handler; the renewal run charges when the trial ends.

const { sandbox, learner, learn, mine, subscribed, authorise } = useSandboxShop();

describe("the demo membership in the sandbox (Trader's Club)", () => {
  it('subscribe, authorise in the widget, verify: every course opens in the trial; the renewal run charges after it', async () => {
    const user = await learner();
    const { gatewaySubscriptionId, checkoutUrl } = await subscribed(user, DEMO_PLAN_ID);
    // The web loads the widget the answer names: the sandbox's own in test mode.
    expect(checkoutUrl).toBe('/sandbox/checkout.js');
    await authorise(user, gatewaySubscriptionId);
    for (const course of demoCourses) expect((await learn(user, course._id ?? '')).statusCode).toBe(200);
    expect((await mine(user))[0]).toMatchObject({ status: 'authenticated', charges: [] });

    const afterTrial = new Date(Date.now() + 8 * 86_400_000);
    // The sandbox hands its renewal's webhooks to the shop's own handler, as Razorpay would deliver them.
    expect((await sandbox().chargeDueSubscriptions(afterTrial)).length).toBeGreaterThan(0);
    await sandbox().webhooksSettled();
    const [renewed] = await mine(user);
    expect(renewed?.status).toBe('active');
    expect(renewed?.charges).toHaveLength(1);
    expect(renewed?.charges[0]?.amount).toBe(renewed?.amount);
  });
});
