import { adminPlanResponse, mySubscriptionsResponse, subscribeResponse } from '@shop/shared';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createSession } from '../src/auth/session.js';
import { SandboxGateway } from '../src/payments/sandbox-gateway.js';
import { demoCourses } from '../src/seed/seed-courses.js';
import type { FakeDelivery } from './fake-razorpay.js';
import { createDemoShopApp, createSignedInUser, type TestApp, type TestUser } from './helpers.js';
import { shopRequests, usePaymentsShop } from './payments-kit.js';
import { useTestApp } from './use-test-app.js';

/**
 * The set-up the membership test files share (issue 34): the shop wired to the Razorpay stand-in with the
 * app's clock and the stand-in's set together (`useMembershipShop`), or the fresh machine's shop with the
 * sandbox gateway (`useSandboxShop`); the console's plan, and the requests a learner's browser makes.
 */

/** The first three demo courses' ids: the courses the tests' plans include (or leave out). */
export const demoCourseIds = demoCourses.map((course) => course._id as string) as [string, string, string];

/** 10 January 2026, 06:00 UTC: where each membership test's clock starts. */
export const MEMBERSHIP_EPOCH = Date.UTC(2026, 0, 10, 6);

/** The console's plan form: published, monthly, no trial, the first two demo courses at ₹1,180; `fields` override it. */
export function planForm(fields: object = {}) {
  return {
    description: 'Two courses every month.',
    price: 1180,
    period: 'month',
    trialDays: 0,
    allCourses: false,
    courseIds: demoCourseIds.slice(0, 2),
    liveSessions: false,
    community: false,
    published: true,
    ...fields,
  };
}

type Post = ReturnType<typeof shopRequests>['post'];

/** The learner's and the operator's requests about memberships, against whichever app `current()` returns now. */
export function membershipRequests(current: () => TestApp, post: Post) {
  const db = () => current().database.db;
  const learner = () => createSignedInUser(db());
  const admin = () => createSignedInUser(db(), { role: 'admin' });
  /** A new session for the same learner (a month later the first one has expired). */
  const signedInAgain = async (user: TestUser): Promise<TestUser> => {
    const token = await createSession(db(), user.id);
    return { ...user, token, cookie: `token=${token}` };
  };
  const get = (url: string, user: TestUser) =>
    current().app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  /** The player's course, as the learner opens it. */
  const learn = (user: TestUser, courseId: string) => get(`/api/learn/${courseId}`, user);
  /** My Memberships, which must answer 200. */
  const mine = async (user: TestUser) => {
    const res = await get('/api/my/subscriptions', user);
    expect(res.statusCode, res.body).toBe(200);
    return mySubscriptionsResponse.parse(res.json()).subscriptions;
  };
  /** Subscribes to the plan (with `extra` fields, as the tick); the answer must be 201. */
  async function subscribed(user: TestUser, planId: string, extra: object = {}) {
    const res = await post('/api/subscriptions', user, { planId, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return subscribeResponse.parse(res.json());
  }
  /** The console makes a plan from `planForm(fields)` (by a new admin unless `by`); the answer must be 201. */
  async function createPlan(fields: object, by?: TestUser) {
    const res = await post('/api/admin/plans', by ?? (await admin()), planForm(fields));
    expect(res.statusCode, res.body).toBe(201);
    return adminPlanResponse.parse(res.json()).plan;
  }
  return { learner, admin, signedInAgain, get, learn, mine, subscribed, createPlan };
}

/**
 * The membership test file's shop (one app for the file, wired to the Razorpay stand-in; `settings` adds to
 * its configuration). Unless `clock` is false, each test starts at MEMBERSHIP_EPOCH with Date faked, and
 * `setClock` moves the app's clock and the stand-in's together. `newPlan` makes a plan titled
 * "`title` N" (N counting the file's plans, `made()`), from `planForm(plan)` and its own `fields`.
 */
export function useMembershipShop(
  options: { title?: string; plan?: object; settings?: () => Record<string, string>; clock?: boolean } = {},
) {
  const shop = usePaymentsShop('file', options.settings);
  const { t, fake, post, deliver } = shop;
  /** The app's clock and the stand-in's, set together. */
  function setClock(ms: number) {
    vi.setSystemTime(ms);
    fake.now = Math.floor(ms / 1000);
  }
  /** After the stand-in moved its clock (a charge when due), the app's follows. */
  const followFake = () => vi.setSystemTime((fake.now ?? 0) * 1000);
  if (options.clock !== false) {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      setClock(MEMBERSHIP_EPOCH);
    });
    afterEach(() => {
      fake.now = undefined;
      fake.mode = 'up';
      vi.useRealTimers();
    });
  }
  const requests = membershipRequests(() => t, post);
  let made = 0;
  /** A new published plan, "`title` N" unless `fields` name it. */
  function newPlan(fields: object = {}, by?: TestUser) {
    made += 1;
    return requests.createPlan({ title: `${options.title ?? 'Club'} ${made}`, ...options.plan, ...fields }, by);
  }
  /** Delivers each of Razorpay's calls; each must answer 200. */
  const deliverAll = async (deliveries: FakeDelivery[]) => {
    for (const delivery of deliveries) expect((await deliver(delivery)).statusCode, delivery.body).toBe(200);
  };
  /** The learner authorises in the checkout and the web verifies (200); the gateway's webhooks are returned undelivered. */
  async function authorised(user: TestUser, gatewaySubscriptionId: string) {
    const { answer, webhooks } = fake.authenticateSubscription(gatewaySubscriptionId);
    const verified = await post('/api/subscriptions/verify', user, answer);
    expect(verified.statusCode, verified.body).toBe(200);
    return webhooks;
  }
  /** Subscribes, authorises at the checkout, verifies; the gateway's webhooks are returned undelivered. */
  async function member(user: TestUser, planId: string) {
    const subscription = await requests.subscribed(user, planId);
    return { ...subscription, webhooks: await authorised(user, subscription.gatewaySubscriptionId) };
  }
  /** Subscribes; the gateway authenticates and takes the first charge, its webhooks delivered (no verify from the web). */
  async function chargedMember(user: TestUser, planId: string) {
    const subscription = await requests.subscribed(user, planId);
    await deliverAll(fake.authenticateSubscription(subscription.gatewaySubscriptionId).webhooks);
    return subscription;
  }
  return {
    ...shop,
    ...requests,
    setClock,
    followFake,
    newPlan,
    made: () => made,
    deliverAll,
    authorised,
    member,
    chargedMember,
  };
}

/**
 * A fresh machine's shop for the whole test file: the demo shop with the sandbox gateway (the demo plan
 * "Trader's Club", 7 free days); `sandbox()` is its gateway, and the learner pays in its widget.
 */
export function useSandboxShop() {
  const t = useTestApp(createDemoShopApp);
  const { post, origin } = shopRequests(() => t);
  const sandbox = () => {
    const { gateway } = t.app.deps;
    if (!(gateway instanceof SandboxGateway)) throw new Error('not the sandbox');
    return gateway;
  };
  /** The widget's authorisation of a gateway subscription (200); its webhooks settled; the answer for the web's verify. */
  async function paidInWidget(user: TestUser, gatewaySubscriptionId: string) {
    const paid = await post('/api/sandbox/pay', user, { subscription_id: gatewaySubscriptionId, outcome: 'captured' });
    expect(paid.statusCode, paid.body).toBe(200);
    const { ok: _ok, ...answer } = paid.json();
    await sandbox().webhooksSettled();
    return answer;
  }
  /** The widget's authorisation of a gateway subscription, then the web's verify (200); the webhooks settled. */
  async function authorise(user: TestUser, gatewaySubscriptionId: string) {
    const verified = await post('/api/subscriptions/verify', user, await paidInWidget(user, gatewaySubscriptionId));
    expect(verified.statusCode, verified.body).toBe(200);
    await sandbox().webhooksSettled();
  }
  return { t, sandbox, post, origin, ...membershipRequests(() => t, post), paidInWidget, authorise };
}
