import type { PlaybackResponse } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { useMembershipShop } from '../../../test/membership-kit.js';
import { lessonIdsOf, makeReadyVideo } from '../../../test/test-video.js';
import { demoCourses } from '../../seed/seed-courses.js';

// A member (issue 34) watches a paid lesson of a course their plan includes, as an owner does: the grant,
// then every playlist asked afresh; once the membership is halted both are refused.

const { t, fake, post, deliver, newPlan, learner, subscribed } = useMembershipShop({ clock: false });
const courseId = demoCourses[0]?._id ?? '';
let paidLesson = '';

beforeAll(async () => {
  [, paidLesson = ''] = await lessonIdsOf(t.database.db, courseId);
  await makeReadyVideo(t.database.db, t.config.dataDir, paidLesson);
}, 120_000);

const playback = (user: TestUser) =>
  t.app.inject({ url: `/api/learn/${courseId}/lessons/${paidLesson}/playback`, headers: { cookie: user.cookie } });

describe('a member watches an included course', () => {
  it('gets the grant and the playlist while the membership opens the course; not once it is halted', async () => {
    const plan = await newPlan({ title: 'Video club', description: 'One course.', price: 499, courseIds: [courseId] });
    const user = await learner();
    expect((await playback(user)).statusCode).toBe(403);
    const made = await subscribed(user, plan.id);
    const { answer, webhooks } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);

    const granted = await playback(user);
    expect(granted.statusCode, granted.body).toBe(200);
    const grant = granted.json() as PlaybackResponse;
    const manifest = () => t.app.inject({ url: grant.manifestUrl, headers: { cookie: user.cookie } });
    expect((await manifest()).statusCode).toBe(200);

    for (const hook of webhooks) expect((await deliver(hook)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      for (const hook of fake.chargeSubscription(made.gatewaySubscriptionId, 'failed'))
        expect((await deliver(hook)).statusCode).toBe(200);
    expect((await manifest()).statusCode).toBe(403);
    expect((await playback(user)).statusCode).toBe(403);
  });
});
