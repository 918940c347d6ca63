import { mySubscriptionsResponse, subscribeResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { SandboxGateway } from '../../payments/sandbox-gateway.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { DEMO_PLAN_ID } from '../../seed/seed-plans.js';

// A fresh machine's shop (the sandbox gateway, the demo plan with 7 free days): a learner in the trial
// changes the payment method; the sandbox's widget authorises the new subscription, its own webhooks
// reach the shop, and its renewal run charges the new one once when the trial ends, the old one never.

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

/** The widget's authorisation of a gateway subscription, then the web's verify. */
async function authorise(user: TestUser, gatewaySubscriptionId: string) {
  const paid = await post('/api/sandbox/pay', user, { subscription_id: gatewaySubscriptionId, outcome: 'captured' });
  expect(paid.statusCode, paid.body).toBe(200);
  const { ok: _ok, ...answer } = paid.json();
  await sandbox().webhooksSettled();
  const verified = await post('/api/subscriptions/verify', user, answer);
  expect(verified.statusCode, verified.body).toBe(200);
  await sandbox().webhooksSettled();
}

describe('a new payment method in the sandbox', () => {
  it('during the trial: the new one takes over, the courses stay open, the renewal run charges only the new one, once', async () => {
    const user = await createSignedInUser(t.database.db);
    const made = await post('/api/subscriptions', user, { planId: DEMO_PLAN_ID, disclaimerAccepted: true });
    expect(made.statusCode, made.body).toBe(201);
    const old = subscribeResponse.parse(made.json());
    await authorise(user, old.gatewaySubscriptionId);
    const mine = async () =>
      mySubscriptionsResponse.parse((await get('/api/my/subscriptions', user)).json()).subscriptions;
    const trialEnd = (await mine())[0]?.nextChargeAt;

    const res = await post(`/api/my/subscriptions/${old.subscriptionId}/change-method`, user, {});
    expect(res.statusCode, res.body).toBe(201);
    const moved = subscribeResponse.parse(res.json());
    await authorise(user, moved.gatewaySubscriptionId);
    const listed = await mine();
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
    for (const course of demoCourses) expect((await get(`/api/learn/${course._id}`, user)).statusCode).toBe(200);

    const charged = await sandbox().chargeDueSubscriptions(new Date(Date.now() + 8 * 86_400_000));
    await sandbox().webhooksSettled();
    const after = await mine();
    expect(after.find((s) => s.id === moved.subscriptionId)?.charges).toHaveLength(1);
    expect(after.find((s) => s.id === old.subscriptionId)?.charges).toEqual([]);
    expect(charged.length).toBeGreaterThan(0);
  });
});
