import { liveSessionsResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { useSandboxShop } from '../../../test/membership-kit.js';
import { DEMO_PLAN_ID } from '../../seed/seed-plans.js';

// What a newcomer's `npm start` shows (issue 35): the demo schedule for the Trader's Club members, on the
// default Jitsi server (https://meet.jit.si, no token: the public server has no token auth).

const { t, learner, subscribed, authorise, get } = useSandboxShop();

describe('the demo schedule on a fresh machine', () => {
  it("a Trader's Club member sees the practice room open to join now and the market-open series; the link is a meet.jit.si room", async () => {
    const user = await learner();
    const { gatewaySubscriptionId } = await subscribed(user, DEMO_PLAN_ID);
    await authorise(user, gatewaySubscriptionId);
    const listed = await get('/api/live-sessions', user);
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = liveSessionsResponse.parse(listed.json()).sessions;
    const [practice, ...rest] = sessions;
    expect(practice).toMatchObject({ planId: DEMO_PLAN_ID, joinable: true, audienceTitle: "Trader's Club" });
    expect(rest.filter((s) => s.title.startsWith('Market open')).length).toBe(10);
    // The first course's question time is for that course's learners: a member of an every-course plan is one.
    expect(rest.some((s) => s.title.startsWith('Question time'))).toBe(true);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/live-sessions/${practice?.id}/join`,
      headers: { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().url).toMatch(/^https:\/\/meet\.jit\.si\/tradeskool-[0-9a-f]{24}$/);
  });

  it('a learner with neither the plan nor the course sees no session', async () => {
    const res = await get('/api/live-sessions', await learner());
    expect(liveSessionsResponse.parse(res.json()).sessions).toEqual([]);
  });
});
