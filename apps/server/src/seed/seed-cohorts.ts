import { indiaDate } from '@shop/shared';
import type { Db } from '../db/database.js';
import { insertMissingCohorts } from '../modules/cohorts/repo.js';

const DAY_MS = 86_400_000;
/** Swing Trading Stocks Part-Time: the demo course that runs in cohorts. */
export const DEMO_COHORT_COURSE_ID = '64a1f0c2b7e4d1a2c3e50009';

/**
 * The demo's cohorts (issue 35), relative to the first start so a newcomer sees the picker at once: a
 * weekend batch of 30 seats starting in three weeks (enrolment until the day before), and an evening batch
 * with no seat limit starting in seven. Seeded only on a fresh machine's first start (seedIfEmpty), so the
 * tests' demo shop keeps every course self-paced.
 */
export async function seedCohorts(db: Db, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const day = (days: number) => indiaDate(new Date(now.getTime() + days * DAY_MS));
  const common = { course_id: DEMO_COHORT_COURSE_ID, created_at: stamp, updated_at: stamp };
  await insertMissingCohorts(db, [
    {
      ...common,
      id: '64a1f0c2b7e4d1a2c3e5c001',
      title: 'Weekend batch',
      starts_on: day(21),
      seats: 30,
      enrol_until: day(20),
    },
    {
      ...common,
      id: '64a1f0c2b7e4d1a2c3e5c002',
      title: 'Evening batch',
      starts_on: day(49),
      seats: null,
      enrol_until: null,
    },
  ]);
}
