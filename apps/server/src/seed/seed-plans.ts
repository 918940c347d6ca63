import { messages } from '@shop/shared';
import type { Db } from '../db/database.js';
import { insertInstalmentPlan } from '../modules/plans/instalments-repo.js';
import { upsertPlan } from '../modules/plans/repo.js';
import { DEMO_BUNDLE_ID, DEMO_BUNDLE_TITLE, demoBundleCourseIds } from './seed-bundles.js';

/** The demo membership: every course, the live sessions and the community, monthly, with a week free. */
export const DEMO_PLAN_ID = '64a1f0c2b7e4d1a2c3e5c001';

/** The demo instalment offer (decision 0038): "Option Greeks and Strategy Building" (₹7,999) in 3 payments of ₹2,700. */
export const DEMO_INSTALMENTS_PLAN_ID = '64a1f0c2b7e4d1a2c3e5c002';
const DEMO_INSTALMENTS_COURSE = { id: '64a1f0c2b7e4d1a2c3e50005', title: 'Option Greeks and Strategy Building' };

/** The demo bundle's instalment offer: "Trader's Starter Bundle" (₹14,999) in 6 payments of ₹2,550. */
export const DEMO_BUNDLE_INSTALMENTS_PLAN_ID = '64a1f0c2b7e4d1a2c3e5c003';

export async function seedPlans(db: Db, now = new Date()): Promise<void> {
  await upsertPlan(
    db,
    {
      id: DEMO_PLAN_ID,
      title: "Trader's Club",
      description:
        'Every course in the shop, including the ones still to come, weekly live market sessions and the members’ community, for one monthly price.',
      thumb: null,
      price_paise: 99_900,
      period: 'month',
      trial_days: 7,
      all_courses: 1,
      live_sessions: 1,
      community: 1,
      published: 1,
    },
    now.toISOString(),
  );
  // A course also sold in instalments, so a newcomer sees the offer on its page; kept as it is if it exists.
  await insertInstalmentPlan(db, {
    id: DEMO_INSTALMENTS_PLAN_ID,
    subject: { courseId: DEMO_INSTALMENTS_COURSE.id },
    courseIds: [DEMO_INSTALMENTS_COURSE.id],
    title: messages.instalmentsTitle.replace('{title}', DEMO_INSTALMENTS_COURSE.title).replace('{count}', '3'),
    pricePaise: 270_000,
    count: 3,
    now: now.toISOString(),
  });
  // The demo bundle too, so its page shows a bundle's offer.
  await insertInstalmentPlan(db, {
    id: DEMO_BUNDLE_INSTALMENTS_PLAN_ID,
    subject: { bundleId: DEMO_BUNDLE_ID },
    courseIds: demoBundleCourseIds(),
    title: messages.instalmentsTitle.replace('{title}', DEMO_BUNDLE_TITLE).replace('{count}', '6'),
    pricePaise: 255_000,
    count: 6,
    now: now.toISOString(),
  });
}
