import { adminMemberActionResponse, adminPlanMembersResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';

// The operator's members of a plan (issue 34) as the console calls them: the list and its CSV, and the
// cancel, pause and resume of one membership through the Razorpay stand-in, each closing or opening the
// plan's courses for the learner as the gateway then holds it. The clock is set, never waited for.

const { t, fake, post, setClock, admin, newPlan, get, chargedMember } = useMembershipShop({
  title: 'Members Club',
});
const [c1] = demoCourseIds;

const auditOf = (subscriptionId: string, action: string) =>
  t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', subscriptionId)
    .where('action', '=', action)
    .execute();
const act = (operator: TestUser, id: string, action: 'cancel' | 'pause' | 'resume', body: object = {}) =>
  post(`/api/admin/subscriptions/${id}/${action}`, operator, body);

describe("the operator's members list", () => {
  it('lists each member with their charges and lifetime value (refunds taken off); the CSV defuses formulas; a learner 403', async () => {
    const plan = await newPlan();
    const asha = await createSignedInUser(t.database.db, { username: '=HYPERLINK("http://evil.example")' });
    const ravi = await createSignedInUser(t.database.db);
    const first = await chargedMember(asha, plan.id);
    setClock(Date.UTC(2026, 0, 11, 6));
    const second = await chargedMember(ravi, plan.id);
    const operator = await admin();
    const [charge] = await t.database.db
      .selectFrom('subscription_charges')
      .selectAll()
      .where('subscription_id', '=', second.subscriptionId)
      .execute();
    const refund = await post(
      `/api/admin/subscriptions/${second.subscriptionId}/charges/${charge?.gateway_payment_id}/refund`,
      operator,
      {},
    );
    expect(refund.statusCode, refund.body).toBe(200);

    const res = await get(`/api/admin/plans/${plan.id}/members`, operator);
    expect(res.statusCode, res.body).toBe(200);
    const { members } = adminPlanMembersResponse.parse(res.json());
    expect(members.map((m) => m.subscriptionId)).toEqual([first.subscriptionId, second.subscriptionId]);
    expect(members[0]).toMatchObject({
      userId: asha.id,
      name: '=HYPERLINK("http://evil.example")',
      email: asha.email,
      status: 'active',
      since: '2026-01-10T06:00:00.000Z',
      nextChargeAt: '2026-02-10T06:00:00.000Z',
      cancelAtPeriodEnd: false,
      lifetimeValue: 1180,
    });
    expect(members[0]?.charges).toHaveLength(1);
    expect(members[0]?.charges[0]).toMatchObject({ amount: 1180, refundedAt: null });
    expect(members[1]?.lifetimeValue).toBe(0);
    expect(members[1]?.charges[0]?.refundedAt).not.toBeNull();

    const csv = await get(`/api/admin/plans/${plan.id}/members?format=csv`, operator);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain(`${asha.email},active,2026-01-10T06:00:00.000Z,2026-02-10T06:00:00.000Z,no,1180,1,0`);
    expect(lines[2]).toContain(',0,1,1');

    const learner = await createSignedInUser(t.database.db);
    expect((await get(`/api/admin/plans/${plan.id}/members`, learner)).statusCode).toBe(403);
    expect((await get(`/api/admin/plans/${plan.id}/members?format=csv`, learner)).statusCode).toBe(403);
  });
});

describe("the operator's pause, resume and cancel", () => {
  it('pause closes the courses, resume opens them again; each audit-logged; a learner or a foreign origin 403', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await chargedMember(user, plan.id);
    const operator = await admin();
    expect((await get(`/api/learn/${c1}`, user)).statusCode).toBe(200);

    expect((await act(user, made.subscriptionId, 'pause')).statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${made.subscriptionId}/pause`,
      headers: { origin: 'https://evil.example', cookie: operator.cookie },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('active');

    const paused = await act(operator, made.subscriptionId, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(adminMemberActionResponse.parse(paused.json()).status).toBe('paused');
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('paused');
    expect((await get(`/api/learn/${c1}`, user)).statusCode).toBe(403);
    expect((await act(operator, made.subscriptionId, 'pause')).statusCode).toBe(409);

    const resumed = await act(operator, made.subscriptionId, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(adminMemberActionResponse.parse(resumed.json()).status).toBe('active');
    expect((await get(`/api/learn/${c1}`, user)).statusCode).toBe(200);

    const [pauseRow] = await auditOf(made.subscriptionId, 'subscription.pause');
    expect(pauseRow?.actor_id).toBe(operator.id);
    expect(JSON.parse(pauseRow?.before_json ?? '{}')).toMatchObject({ status: 'active' });
    expect(JSON.parse(pauseRow?.after_json ?? '{}')).toMatchObject({ status: 'paused' });
    const [resumeRow] = await auditOf(made.subscriptionId, 'subscription.resume');
    expect(JSON.parse(resumeRow?.after_json ?? '{}')).toMatchObject({ status: 'active' });
    expect(await auditOf(made.subscriptionId, 'subscription.pause')).toHaveLength(1);
  });

  it('cancel at once closes the courses at once (the paid period notwithstanding) and can never be undone', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await chargedMember(user, plan.id);
    const operator = await admin();
    expect((await get(`/api/learn/${c1}`, user)).statusCode).toBe(200);
    const cancelled = await act(operator, made.subscriptionId, 'cancel', { atCycleEnd: false });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(adminMemberActionResponse.parse(cancelled.json())).toMatchObject({ status: 'cancelled' });
    expect(fake.subscriptions.get(made.gatewaySubscriptionId)?.status).toBe('cancelled');
    expect((await get(`/api/learn/${c1}`, user)).statusCode).toBe(403);
    expect((await act(operator, made.subscriptionId, 'resume')).statusCode).toBe(409);
    expect((await act(operator, made.subscriptionId, 'cancel', { atCycleEnd: false })).statusCode).toBe(409);
    const rows = await auditOf(made.subscriptionId, 'subscription.cancel');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toMatchObject({ status: 'cancelled', atCycleEnd: false });
  });

  it('cancel at the cycle end keeps the courses open until the paid period ends', async () => {
    const plan = await newPlan();
    const user = await createSignedInUser(t.database.db);
    const made = await chargedMember(user, plan.id);
    const operator = await admin();
    const cancelled = await act(operator, made.subscriptionId, 'cancel', { atCycleEnd: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(adminMemberActionResponse.parse(cancelled.json())).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await get(`/api/learn/${c1}`, user)).statusCode).toBe(200);
    expect(await auditOf(made.subscriptionId, 'subscription.cancel')).toHaveLength(1);
    expect((await act(operator, made.subscriptionId, 'cancel', {})).statusCode).toBe(400);
  });
});
