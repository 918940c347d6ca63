import { type AdminCourseStructure, learnCourseResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { useMembershipShop } from '../../../test/membership-kit.js';
import { demoCourses } from '../../seed/seed-courses.js';

// Scheduled release for a member (issue 35): a member with no enrolment counts "after enrolment" from the
// start of the membership that opens the course (the subscription's), on the membership tests' clock.

const { t, fake, post, newPlan, learner, admin, subscribed, learn } = useMembershipShop({ title: 'Drip club' });
const courseId = demoCourses[2]?._id ?? '';

describe('scheduled release for a member', () => {
  it("afterEnrolment counts from the membership's start: 3 days after 10 January is 13 January, 00:00 India time", async () => {
    const operator = await admin();
    const read = await t.app.inject({
      url: `/api/admin/courses/${courseId}/structure`,
      headers: { cookie: operator.cookie },
    });
    const structure = read.json() as AdminCourseStructure;
    const input = {
      sections: structure.sections.map((section) => ({
        id: section.id,
        title: section.title,
        lessons: section.lessons.map(({ hasProgress: _b, release: _r, ...lesson }, l) => ({
          ...lesson,
          ...(l === 1 ? { release: { kind: 'afterEnrolment', days: 3 } } : {}),
        })),
      })),
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/courses/${courseId}/structure`,
      headers: { cookie: operator.cookie, origin: new URL(t.config.publicUrl).origin },
      payload: input,
    });
    expect(put.statusCode, put.body).toBe(200);

    const plan = await newPlan({ courseIds: [courseId] });
    const user = await learner();
    const made = await subscribed(user, plan.id);
    const { answer } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);
    const opened = await learn(user, courseId);
    expect(opened.statusCode, opened.body).toBe(200);
    const lessons = learnCourseResponse.parse(opened.json()).sections.flatMap((section) => section.lessons);
    expect(lessons[1]?.availableAt).toBe('2026-01-13T00:00:00+05:30');
    expect(lessons[1]).not.toHaveProperty('content');
    expect(lessons[0]?.availableAt).toBeNull();
  });
});
