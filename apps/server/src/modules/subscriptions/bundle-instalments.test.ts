import { adminBundleResponse, adminInstalmentsResponse, bundleResponse, messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { activeCourseIds } from '../../../test/payments-kit.js';
import { grantEnrolment } from '../learning/index.js';

// A bundle paid in instalments (issue 34: "a course (or bundle) can also be offered as N monthly
// payments"), as the console, a buyer and Razorpay's servers meet it: the offer on the bundle's page,
// every course of the bundle open from the first payment and owned after the N-th, and no course of it
// paid for twice (outright, in another offer or in a bundle in the cart).

const { t, fake, post, followFake, admin, learner, signedInAgain, learn, deliverAll, member, mine } =
  useMembershipShop();
const [c1, c2, c3] = demoCourseIds;

async function patch(url: string, by: TestUser, payload: object) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: { origin: new URL(t.config.publicUrl).origin, cookie: by.cookie },
    payload,
  });
}

/** The console makes a published bundle of these courses; its id. */
async function newBundle(courseIds: string[]): Promise<string> {
  const res = await post('/api/admin/bundles', await admin(), {
    title: `Ladder ${courseIds.length}`,
    description: 'Courses together',
    price: 9999,
    courseIds,
    published: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminBundleResponse.parse(res.json()).bundle.id;
}

const offer = async (bundleId: string, body: object, by?: TestUser) =>
  post(`/api/admin/bundles/${bundleId}/instalments`, by ?? (await admin()), body);

/** The console offers the bundle in `count` payments of `amount`; the plan id to subscribe to. */
async function offered(bundleId: string, count: number, amount: number): Promise<string> {
  const res = await offer(bundleId, { count, amount });
  expect(res.statusCode, res.body).toBe(201);
  const planId = adminInstalmentsResponse.parse(res.json()).instalments?.planId;
  if (!planId) throw new Error('no instalment plan');
  return planId;
}

const bundlePage = async (bundleId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/bundles/${bundleId}` });
  expect(res.statusCode, res.body).toBe(200);
  return bundleResponse.parse(res.json()).bundle;
};
const owned = (userId: string) => activeCourseIds(t.database.db, userId);

describe("the console's instalment offer of a bundle", () => {
  it('is shown on the bundle page and audit-logged; unknown bundle 404, a learner 403; 0 withdraws it', async () => {
    const bundleId = await newBundle([c1, c2]);
    expect((await bundlePage(bundleId)).instalments).toBeNull();
    expect((await offer('ffffffffffffffffffffffff', { count: 3, amount: 4000 })).statusCode).toBe(404);
    expect((await offer(bundleId, { count: 3, amount: 4000 }, await learner())).statusCode).toBe(403);
    expect((await offer(bundleId, { count: 13, amount: 4000 })).statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bundles/${bundleId}/instalments`,
      headers: { origin: 'https://evil.example', cookie: (await admin()).cookie },
      payload: { count: 3, amount: 4000 },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await bundlePage(bundleId)).instalments).toBeNull();

    const planId = await offered(bundleId, 3, 4000);
    expect((await bundlePage(bundleId)).instalments).toEqual({ count: 3, amount: 4000, planId });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bundles/${bundleId}/instalments`,
      headers: { cookie: (await admin()).cookie },
    });
    expect(adminInstalmentsResponse.parse(read.json()).instalments).toEqual({ count: 3, amount: 4000, planId });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'bundle.instalments')
      .where('entity_id', '=', bundleId)
      .execute();
    expect(audit).toHaveLength(1);
    // A change keeps the one plan.
    expect(await offered(bundleId, 4, 3000)).toBe(planId);

    expect((await offer(bundleId, { count: 0 })).json()).toEqual({ ok: true, instalments: null, warnings: [] });
    expect((await bundlePage(bundleId)).instalments).toBeNull();
    expect((await post('/api/subscriptions', await learner(), { planId })).statusCode).toBe(404);
  });
});

describe('buying a bundle in instalments', () => {
  it('2 payments: every course opens with the first and is owned after the second, once whatever replays', async () => {
    const bundleId = await newBundle([c1, c2]);
    const planId = await offered(bundleId, 2, 5000);
    const user = await learner();
    const made = await member(user, planId);
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.total_count).toBe(2);
    await deliverAll(made.webhooks);
    expect((await learn(user, c1)).statusCode).toBe(200);
    expect((await learn(user, c2)).statusCode).toBe(200);
    expect((await learn(user, c3)).statusCode).toBe(403);
    expect(await owned(user.id)).toEqual([]);
    const listed = (await mine(user)).find((item) => item.id === made.subscriptionId);
    expect(listed).toMatchObject({ bundleId, courseId: null });

    const last = fake.chargeSubscription(made.gatewaySubscriptionId);
    followFake();
    await deliverAll([...last, ...last]);
    const session = await signedInAgain(user);
    expect(await owned(user.id)).toEqual([c1, c2].sort());
    expect((await learn(session, c1)).statusCode).toBe(200);
    expect((await learn(session, c2)).statusCode).toBe(200);
  });

  it('while paying, no course of it is sold again: the cart, a bundle with it, its own offer (409, nothing made)', async () => {
    const bundleId = await newBundle([c1, c2]);
    const planId = await offered(bundleId, 3, 3500);
    const user = await learner();
    await deliverAll((await member(user, planId)).webhooks);

    const add = await post('/api/cart/add', user, { courseId: c2 });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(messages.courseInInstalments);
    const otherBundle = await newBundle([c2, c3]);
    const addBundle = await post('/api/cart/add', user, { bundleId: otherBundle });
    expect(addBundle.statusCode, addBundle.body).toBe(409);
    expect(addBundle.json().message).toBe(messages.bundleInInstalments);

    // The course's own offer, and another bundle's offer with the course in it.
    const courseRes = await post(`/api/admin/courses/${c1}/instalments`, await admin(), { count: 2, amount: 3000 });
    const coursePlan = adminInstalmentsResponse.parse(courseRes.json()).instalments?.planId as string;
    const otherPlan = await offered(otherBundle, 2, 4000);
    const before = fake.subscriptions.size;
    for (const [plan, message] of [
      [coursePlan, messages.courseInInstalments],
      [otherPlan, messages.bundleInInstalments],
    ] as const) {
      const res = await post('/api/subscriptions', user, { planId: plan });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect(fake.subscriptions.size).toBe(before);
    await post(`/api/admin/courses/${c1}/instalments`, await admin(), { count: 0 });
  });

  it('a learner owning every course is refused (409); one owning some may pay for the rest of it', async () => {
    const bundleId = await newBundle([c1, c2]);
    const planId = await offered(bundleId, 2, 5000);
    const both = await learner();
    await grantEnrolment(t.database.db, both.id, c1, new Date());
    await grantEnrolment(t.database.db, both.id, c2, new Date());
    const before = fake.subscriptions.size;
    const refused = await post('/api/subscriptions', both, { planId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.bundleInstalmentsOwned);
    expect(fake.subscriptions.size).toBe(before);

    const one = await learner();
    await grantEnrolment(t.database.db, one.id, c1, new Date());
    expect((await post('/api/subscriptions', one, { planId })).statusCode).toBe(201);
  });

  it("the bundle's courses changed in the console: its offer sells the bundle as it is now", async () => {
    const bundleId = await newBundle([c1, c2]);
    const planId = await offered(bundleId, 2, 5000);
    const user = await learner();
    await deliverAll((await member(user, planId)).webhooks);
    expect((await learn(user, c3)).statusCode).toBe(403);
    const changed = await patch(`/api/admin/bundles/${bundleId}`, await admin(), { courseIds: [c2, c3] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await learn(user, c3)).statusCode).toBe(200);
    expect((await learn(user, c1)).statusCode).toBe(403);
  });
});
