import type { Db } from '../../db/database.js';

// The daily digest of newly opened lessons (issue 35): who may get one, when they last did, and the
// per-day row that makes it once a day.

/** Active enrolments in courses with at least one lesson or section released on a schedule. */
export function findEnrolmentsWithReleases(db: Db) {
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .select(['enrolments.user_id', 'enrolments.course_id', 'enrolments.granted_at', 'courses.title'])
    .where('enrolments.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('course_lessons')
            .select('course_lessons.id')
            .whereRef('course_lessons.course_id', '=', 'enrolments.course_id')
            .where('course_lessons.release_kind', '<>', 'immediate'),
        ),
        eb.exists(
          eb
            .selectFrom('course_sections')
            .select('course_sections.id')
            .whereRef('course_sections.course_id', '=', 'enrolments.course_id')
            .where('course_sections.release_kind', '<>', 'immediate'),
        ),
      ]),
    )
    .execute();
}

/** When each learner's last digest went, by learner. */
export async function findLastDigests(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('release_digests')
    .select((eb) => ['user_id', eb.fn.max('sent_at').as('sent_at')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, String(row.sent_at)]));
}

export async function findDigestOptouts(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('release_digest_optouts')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Claims the learner's digest of an India date: false when that day's digest is claimed already. */
export async function claimDigest(db: Db, userId: string, indiaDate: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('release_digests')
    .values({ user_id: userId, india_date: indiaDate, sent_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'india_date']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function isDigestOptedOut(db: Db, userId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('release_digest_optouts').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
  );
}

export async function setDigestOptout(db: Db, userId: string, optedOut: boolean, now: string): Promise<void> {
  if (!optedOut) {
    await db.deleteFrom('release_digest_optouts').where('user_id', '=', userId).execute();
    return;
  }
  // Through the account: a genuine link of an account deleted since writes nothing.
  await db
    .insertInto('release_digest_optouts')
    .columns(['user_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((u) => ['users.id', u.val(now).as('created_at')])
        .where('users.id', '=', userId),
    )
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The learner's digest days and choice, erased with their account. */
export async function deleteDigestRowsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('release_digests').where('user_id', '=', userId).execute();
  await db.deleteFrom('release_digest_optouts').where('user_id', '=', userId).execute();
}
