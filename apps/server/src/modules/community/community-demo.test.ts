import { communitySpacesResponse, communityThreadResponse, communityThreadsResponse, messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { useSandboxShop } from '../../../test/membership-kit.js';
import { DEMO_SPACE_ID } from '../../seed/seed-community.js';
import { DEMO_PLAN_ID } from '../../seed/seed-plans.js';

// What a newcomer's `npm start` shows (issue 36): the Trader's Club space with the shop's pinned welcome
// and this week's practice, for the club's members only.

const { learner, subscribed, authorise, get, post } = useSandboxShop();

describe('the demo community on a fresh machine', () => {
  it("a Trader's Club member finds the club's space, the pinned welcome first, signed by the shop, and may reply", async () => {
    const user = await learner();
    const { gatewaySubscriptionId } = await subscribed(user, DEMO_PLAN_ID);
    await authorise(user, gatewaySubscriptionId);
    const spaces = communitySpacesResponse.parse((await get('/api/spaces', user)).json()).spaces;
    expect(spaces.find((s) => s.planId === DEMO_PLAN_ID)).toMatchObject({ id: DEMO_SPACE_ID, title: "Trader's Club" });
    const listed = communityThreadsResponse.parse((await get(`/api/spaces/${DEMO_SPACE_ID}/threads`, user)).json());
    expect(listed.threads.map((s) => [s.title, s.pinned])).toEqual([
      ["Welcome to the Trader's Club community", true],
      ["This week's practice: support, resistance and your stop", false],
    ]);
    expect(listed.threads[0]?.author).toEqual({ id: null, name: messages.communityOperator, role: 'operator' });
    const practice = listed.threads[1]?.id ?? '';
    const welcome = communityThreadResponse.parse((await get(`/api/threads/${listed.threads[0]?.id}`, user)).json());
    expect(welcome.thread.bodyHtml).toContain('<strong>Education only.</strong>');
    const reply = await post(`/api/threads/${practice}/replies`, user, { body: 'Nifty: support 24,000, stop below.' });
    expect(reply.statusCode, reply.body).toBe(201);
  });

  it('a learner without the club sees no space and is refused its threads', async () => {
    const stranger = await learner();
    expect(communitySpacesResponse.parse((await get('/api/spaces', stranger)).json()).spaces).toEqual([]);
    expect((await get(`/api/spaces/${DEMO_SPACE_ID}/threads`, stranger)).statusCode).toBe(403);
  });
});
