import { mySubscriptionsResponse, subscribeResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { SandboxGateway } from '../../payments/sandbox-gateway.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { DEMO_PLAN_ID } from '../../seed/seed-plans.js';

// A fresh machine's shop (the sandbox gateway, the demo plan "Trader's Club": every course, 7 free days):
// a learner subscribes, authorises in the sandbox's widget, and the sandbox's own webhooks reach the
// shop's handler; the renewal run charges when the trial ends.

const t = useTestApp(createDemoShopApp);
const sandbox = () => {
  const { gateway } = t.app.deps;
  if (!(gateway instanceof SandboxGateway)) throw new Error('not the sandbox');
  return gateway;
};
const post = (url: string, user: TestUser, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: new URL(t.config.publicUrl).origin, cookie: user.cookie },
    payload,
  });
const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

describe("the demo membership in the sandbox (Trader's Club)", () => {
  it('subscribe, authorise in the widget, verify: every course opens in the trial; the renewal run charges after it', async () => {
    const user = await createSignedInUser(t.database.db);
    const made = await post('/api/subscriptions', user, { planId: DEMO_PLAN_ID });
    expect(made.statusCode, made.body).toBe(201);
    const { gatewaySubscriptionId, checkoutUrl } = subscribeResponse.parse(made.json());
    // The web loads the widget the answer names: the sandbox's own in test mode.
    expect(checkoutUrl).toBe('/sandbox/checkout.js');
    const paid = await post('/api/sandbox/pay', user, { subscription_id: gatewaySubscriptionId, outcome: 'captured' });
    expect(paid.statusCode, paid.body).toBe(200);
    const { ok: _ok, ...answer } = paid.json();
    await sandbox().webhooksSettled();
    const verified = await post('/api/subscriptions/verify', user, answer);
    expect(verified.statusCode, verified.body).toBe(200);
    for (const course of demoCourses) expect((await get(`/api/learn/${course._id}`, user)).statusCode).toBe(200);
    const mine = () => get('/api/my/subscriptions', user).then((res) => mySubscriptionsResponse.parse(res.json()));
    expect((await mine()).subscriptions[0]).toMatchObject({ status: 'authenticated', charges: [] });

    const afterTrial = new Date(Date.now() + 8 * 86_400_000);
    // The sandbox hands its renewal's webhooks to the shop's own handler, as Razorpay would deliver them.
    expect((await sandbox().chargeDueSubscriptions(afterTrial)).length).toBeGreaterThan(0);
    await sandbox().webhooksSettled();
    const [renewed] = (await mine()).subscriptions;
    expect(renewed?.status).toBe('active');
    expect(renewed?.charges).toHaveLength(1);
    expect(renewed?.charges[0]?.amount).toBe(renewed?.amount);
  });
});
