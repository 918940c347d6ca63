import type { Db } from '../db/database.js';
import { upsertPlan } from '../modules/plans/repo.js';

/** The demo membership: every course, the live sessions and the community, monthly, with a week free. */
export const DEMO_PLAN_ID = '64a1f0c2b7e4d1a2c3e5c001';

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
}
