import { adminPlanResponse, adminPlansResponse, messages, planResponse, plansResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { auditRow } from '../../../test/admin-app.js';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { DEMO_INSTALMENTS_PLAN_ID, DEMO_PLAN_ID, seedPlans } from '../../seed/seed-plans.js';
import { findPlanForSale, planIncludesCourse } from './index.js';

// Membership plans (issue 34) as the owner's console and a visitor meet them: the plan editor with its
// refusals and the ₹15,000 e-mandate warning, the public list, one plan's page, and the face the
// subscriptions will ask.

const t = useTestApp(() => createDemoShopApp());
const [c1, c2, c3] = demoCourses.map((course) => course._id as string) as [string, string, string];
const UNKNOWN_ID = 'ffffffffffffffffffffffff';

const origin = () => new URL(t.config.publicUrl).origin;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: origin(), ...(user ? { cookie: user.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
const admin = () => createSignedInUser(t.database.db, { role: 'admin' });

let made = 0;
const form = (overrides: object = {}) => {
  made += 1;
  return {
    title: `Test plan ${made}`,
    description: 'Courses, live sessions and the community.',
    price: 999,
    period: 'month',
    trialDays: 0,
    allCourses: false,
    courseIds: [c1, c2],
    liveSessions: true,
    community: false,
    published: true,
    ...overrides,
  };
};

async function newPlan(overrides: object = {}) {
  const res = await call('POST', '/api/admin/plans', await admin(), form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return adminPlanResponse.parse(res.json());
}

const planRow = (id: string) =>
  t.database.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const planCount = async () => (await t.database.db.selectFrom('plans').select('id').execute()).length;

describe('the console makes and changes membership plans', () => {
  it('creates a plan (201, its fields as given) and writes an audit row', async () => {
    const owner = await admin();
    const res = await call('POST', '/api/admin/plans', owner, form({ trialDays: 7, period: 'quarter' }));
    expect(res.statusCode, res.body).toBe(201);
    const { plan, warnings } = adminPlanResponse.parse(res.json());
    expect(plan).toMatchObject({
      price: 999,
      period: 'quarter',
      trialDays: 7,
      allCourses: false,
      courseIds: [c1, c2],
      liveSessions: true,
      community: false,
      published: true,
      thumb: '',
    });
    expect(warnings).toEqual([]);
    const audit = await auditRow(t.database.db, plan.id, 'plan.create');
    expect(audit.actor_id).toBe(owner.id);
    const list = adminPlansResponse.parse((await call('GET', '/api/admin/plans', owner)).json());
    expect(list.plans.map((p) => p.id)).toContain(plan.id);
  });

  it('a plan of every course stores no course list', async () => {
    const { plan } = await newPlan({ allCourses: true, courseIds: [c1] });
    expect(plan.allCourses).toBe(true);
    expect(plan.courseIds).toEqual([]);
  });

  it.each([
    ['no course and not every course', { courseIds: [] }, 'courseIds'],
    ['an unknown course', { courseIds: [c1, UNKNOWN_ID] }, 'courseIds'],
    ['a price under ₹1', { price: 0 }, 'price'],
    ['a price with three decimals', { price: 10.005 }, 'price'],
    ['a period Razorpay plans do not take here', { period: 'week' }, 'period'],
    ['a trial of 91 days', { trialDays: 91 }, 'trialDays'],
    ['a fractional trial', { trialDays: 1.5 }, 'trialDays'],
    ['a course twice', { courseIds: [c1, c1] }, 'courseIds'],
    ['a javascript: picture', { thumb: 'javascript:alert(1)' }, 'thumb'],
  ])('refuses %s with a message naming the field, and saves nothing', async (_name, overrides, field) => {
    const before = await planCount();
    const res = await call('POST', '/api/admin/plans', await admin(), form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await planCount()).toBe(before);
  });

  it('refuses an unpublished course in the list', async () => {
    await t.database.db.updateTable('courses').set({ published: 0 }).where('id', '=', c3).execute();
    try {
      const res = await call('POST', '/api/admin/plans', await admin(), form({ courseIds: [c3] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`courseIds ${messages.planNeedsCourses}`);
    } finally {
      await t.database.db.updateTable('courses').set({ published: 1 }).where('id', '=', c3).execute();
    }
  });

  it.each([
    ['a learner', 403, (): Promise<TestUser | null> => createSignedInUser(t.database.db)],
    ['a visitor', 401, async (): Promise<TestUser | null> => null],
  ] as const)('refuses %s (%i) and saves nothing', async (_who, status, who) => {
    const before = await planCount();
    const user = await who();
    expect((await call('POST', '/api/admin/plans', user, form())).statusCode).toBe(status);
    expect((await call('GET', '/api/admin/plans', user)).statusCode).toBe(status);
    expect((await call('PATCH', `/api/admin/plans/${DEMO_PLAN_ID}`, user, { published: false })).statusCode).toBe(
      status,
    );
    expect(await planCount()).toBe(before);
    expect((await planRow(DEMO_PLAN_ID)).published).toBe(1);
  });

  it('warns above ₹15,000 a charge (RBI e-mandate rule), not at ₹15,000 exactly; the save goes through', async () => {
    const at = await newPlan({ price: 15_000, period: 'year' });
    expect(at.warnings).toEqual([]);
    const above = await newPlan({ price: 15_000.01, period: 'year' });
    expect(above.warnings).toEqual([messages.planAboveMandateLimit]);
    expect(above.plan.price).toBe(15_000.01);
    const patched = await call('PATCH', `/api/admin/plans/${at.plan.id}`, await admin(), { price: 18_000 });
    expect(adminPlanResponse.parse(patched.json()).warnings).toEqual([messages.planAboveMandateLimit]);
  });

  it('a change of price or period counts a new price version (new members only); other changes do not', async () => {
    const { plan } = await newPlan();
    const owner = await admin();
    expect((await planRow(plan.id)).price_version).toBe(1);
    const renamed = await call('PATCH', `/api/admin/plans/${plan.id}`, owner, { title: 'Renamed plan', price: 999 });
    expect(adminPlanResponse.parse(renamed.json()).plan.title).toBe('Renamed plan');
    expect((await planRow(plan.id)).price_version).toBe(1);
    await call('PATCH', `/api/admin/plans/${plan.id}`, owner, { price: 1_199 });
    expect((await planRow(plan.id)).price_version).toBe(2);
    await call('PATCH', `/api/admin/plans/${plan.id}`, owner, { period: 'year' });
    expect((await planRow(plan.id)).price_version).toBe(3);
    expect((await auditRow(t.database.db, plan.id, 'plan.update')).action).toBe('plan.update');
    expect(await findPlanForSale(t.database.db, plan.id)).toMatchObject({ pricePaise: 119_900, priceVersion: 3 });
  });

  it('a patch that empties the course list of a plan of chosen courses is refused and changes nothing', async () => {
    const { plan } = await newPlan();
    const res = await call('PATCH', `/api/admin/plans/${plan.id}`, await admin(), { courseIds: [], title: 'Nope' });
    expect(res.statusCode).toBe(400);
    const after = await planRow(plan.id);
    expect(after.title).toBe(plan.title);
    expect(
      (await t.database.db.selectFrom('plan_courses').select('course_id').where('plan_id', '=', plan.id).execute())
        .length,
    ).toBe(2);
  });

  it('switching to every course drops the list; back to chosen courses needs a list again', async () => {
    const { plan } = await newPlan({ courseIds: [c1, c2] });
    const owner = await admin();
    const all = await call('PATCH', `/api/admin/plans/${plan.id}`, owner, { allCourses: true });
    expect(adminPlanResponse.parse(all.json()).plan).toMatchObject({ allCourses: true, courseIds: [] });
    const bare = await call('PATCH', `/api/admin/plans/${plan.id}`, owner, { allCourses: false });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(`courseIds ${messages.planNeedsCourses}`);
    expect((await planRow(plan.id)).all_courses).toBe(1);
    const listed = await call('PATCH', `/api/admin/plans/${plan.id}`, owner, { allCourses: false, courseIds: [c2] });
    expect(adminPlanResponse.parse(listed.json()).plan).toMatchObject({ allCourses: false, courseIds: [c2] });
  });

  it('an unknown plan is not found', async () => {
    const res = await call('PATCH', `/api/admin/plans/${UNKNOWN_ID}`, await admin(), { title: 'Nothing here' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the shop shows its membership plans', () => {
  it('lists published plans only; the demo plan is one, with the shop picture', async () => {
    const hidden = await newPlan({ published: false });
    const res = await call('GET', '/api/plans', null);
    expect(res.statusCode).toBe(200);
    const { plans } = plansResponse.parse(res.json());
    const ids = plans.map((plan) => plan.id);
    expect(ids).toContain(DEMO_PLAN_ID);
    expect(ids).not.toContain(hidden.plan.id);
    expect(plans.find((plan) => plan.id === DEMO_PLAN_ID)).toMatchObject({
      title: "Trader's Club",
      price: 999,
      period: 'month',
      trialDays: 7,
      allCourses: true,
      courseIds: [],
      liveSessions: true,
      community: true,
      thumb: '/images/membership.svg',
    });
  });

  it('?courseId= lists the plans that include that course: listed, or every course while it is published', async () => {
    const ofFirst = await newPlan({ courseIds: [c1] });
    const ofSecond = await newPlan({ courseIds: [c2] });
    const ids = async (courseId: string) =>
      plansResponse.parse((await call('GET', `/api/plans?courseId=${courseId}`, null)).json()).plans.map((p) => p.id);
    const withFirst = await ids(c1);
    expect(withFirst).toContain(ofFirst.plan.id);
    expect(withFirst).toContain(DEMO_PLAN_ID);
    expect(withFirst).not.toContain(ofSecond.plan.id);
    expect(await ids(UNKNOWN_ID)).toEqual([]);
    expect((await call('GET', '/api/plans?courseId=nope', null)).statusCode).toBe(400);
  });

  it('a plan of every course leaves out a course taken off sale: in the ?courseId= list and on its page', async () => {
    await t.database.db.updateTable('courses').set({ published: 0 }).where('id', '=', c3).execute();
    try {
      const listed = plansResponse.parse((await call('GET', `/api/plans?courseId=${c3}`, null)).json()).plans;
      expect(listed.map((p) => p.id)).not.toContain(DEMO_PLAN_ID);
      const club = planResponse.parse((await call('GET', `/api/plans/${DEMO_PLAN_ID}`, null)).json()).plan;
      expect(club.courses.map((course) => course._id)).not.toContain(c3);
      expect(club.courses.map((course) => course._id)).toContain(c1);
      expect(await planIncludesCourse(t.database.db, DEMO_PLAN_ID, c3)).toBe(false);
    } finally {
      await t.database.db.updateTable('courses').set({ published: 1 }).where('id', '=', c3).execute();
    }
  });

  it("the demo seed is idempotent: seeding again keeps one Trader's Club", async () => {
    await seedPlans(t.database.db);
    await seedPlans(t.database.db);
    const clubs = await t.database.db.selectFrom('plans').select('id').where('title', '=', "Trader's Club").execute();
    expect(clubs.map((row) => row.id)).toEqual([DEMO_PLAN_ID]);
  });

  it('the demo seed offers "Option Greeks and Strategy Building" in 3 payments of ₹2,700 on its page, never among the memberships', async () => {
    const greeks = demoCourses.find((course) => course.title === 'Option Greeks and Strategy Building')?._id;
    await seedPlans(t.database.db);
    const page = await t.app.inject({ method: 'GET', url: `/api/courses/${greeks}` });
    expect(page.json().course.instalments).toEqual({ count: 3, amount: 2700, planId: DEMO_INSTALMENTS_PLAN_ID });
    const listed = plansResponse.parse((await t.app.inject({ method: 'GET', url: '/api/plans' })).json()).plans;
    expect(listed.map((plan) => plan.id)).not.toContain(DEMO_INSTALMENTS_PLAN_ID);
  });

  it("one plan's page names the courses a member may open today", async () => {
    const chosen = await newPlan({ courseIds: [c2, c1] });
    const page = planResponse.parse((await call('GET', `/api/plans/${chosen.plan.id}`, null)).json()).plan;
    expect(page.courses.map((course) => course._id)).toEqual([c2, c1]);
    const club = planResponse.parse((await call('GET', `/api/plans/${DEMO_PLAN_ID}`, null)).json()).plan;
    const published = await t.database.db.selectFrom('courses').select('id').where('published', '=', 1).execute();
    expect(club.courses).toHaveLength(published.length);
  });

  it('an unknown or unpublished plan is not found (404 with the message)', async () => {
    const hidden = await newPlan({ published: false });
    for (const id of [UNKNOWN_ID, hidden.plan.id]) {
      const res = await call('GET', `/api/plans/${id}`, null);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.planNotFound);
    }
    expect(await findPlanForSale(t.database.db, hidden.plan.id)).toBeUndefined();
  });

  it('planIncludesCourse: a listed course, every course of an all-courses plan, nothing else', async () => {
    const { plan } = await newPlan({ courseIds: [c1] });
    expect(await planIncludesCourse(t.database.db, plan.id, c1)).toBe(true);
    expect(await planIncludesCourse(t.database.db, plan.id, c2)).toBe(false);
    expect(await planIncludesCourse(t.database.db, DEMO_PLAN_ID, c2)).toBe(true);
    expect(await planIncludesCourse(t.database.db, DEMO_PLAN_ID, UNKNOWN_ID)).toBe(false);
  });
});
