import type { Db } from '../db/database.js';
import type { JobEngine } from '../jobs/job-engine.js';
import { upsertCoupon } from '../modules/coupons/repo.js';
import { upsertCourse } from '../modules/courses/repo.js';
import { DEMO_CLIPS_JOB } from '../modules/video/make-demo-clips.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { seedBundles } from './seed-bundles.js';
import { seedCohorts } from './seed-cohorts.js';
import { seedCommunity } from './seed-community.js';
import { demoCourses } from './seed-courses.js';
import { demoVideoLessonIds, seedLearning, seedLessons } from './seed-learning.js';
import { DEMO_RECORDED_SESSION_ID, seedLiveSessions } from './seed-live-sessions.js';
import { seedPlans } from './seed-plans.js';

/** The demo coupon: 10 percent off, no dates or limits. */
const DEMO_COUPON_ID = '64a1f0c2b7e4d1a2c3e5c010';
const welcomeCoupon = {
  code: 'WELCOME10',
  percent: 10,
  starts_at: null,
  expires_at: null,
  max_uses: null,
  max_uses_per_user: null,
  active: 1,
};

/**
 * Writes the demo catalogue (and, as later modules add them, other demo rows). Idempotent. With a
 * storage, the demo course files are copied into it too.
 */
export async function seedDemo(db: Db, storage?: ObjectStorage): Promise<number> {
  await db.transaction().execute(async (trx) => {
    for (const course of demoCourses) await upsertCourse(trx, course);
    await upsertCoupon(trx, DEMO_COUPON_ID, welcomeCoupon, new Date().toISOString());
    await seedLearning(trx, storage);
    await seedLessons(trx);
    await seedBundles(trx);
    await seedPlans(trx);
    await seedLiveSessions(trx);
    await seedCommunity(trx);
  });
  return demoCourses.length;
}

/**
 * Seeds only a database that has no courses yet: the first start on a fresh machine. With a job engine,
 * the demo lessons' own clips are asked for in the background (issue 32), so the shop is ready at once.
 */
export async function seedIfEmpty(db: Db, storage?: ObjectStorage, jobs?: JobEngine): Promise<number> {
  const existing = await db.selectFrom('courses').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const seeded = await seedDemo(db, storage);
  await seedCohorts(db);
  if (jobs)
    await jobs.enqueue(DEMO_CLIPS_JOB, {
      lessonIds: await demoVideoLessonIds(db),
      recordingSessionIds: [DEMO_RECORDED_SESSION_ID],
    });
  return seeded;
}
