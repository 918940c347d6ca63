import { upsertCourse } from '../modules/catalog/repo.js';
import type { Db } from './database.js';
import { demoCourses } from './seed-courses.js';

/** Writes the demo catalogue (and, as later modules add them, other demo rows). Idempotent. */
export async function seedDemo(db: Db): Promise<number> {
  await db.transaction().execute(async (trx) => {
    for (const course of demoCourses) await upsertCourse(trx, course);
  });
  return demoCourses.length;
}

/** Seeds only a database that has no courses yet: the first start on a fresh machine. */
export async function seedIfEmpty(db: Db): Promise<number> {
  const existing = await db.selectFrom('courses').select('id').limit(1).executeTakeFirst();
  return existing ? 0 : seedDemo(db);
}
