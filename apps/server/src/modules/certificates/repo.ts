import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { CertificatesTable } from '../../db/schema.js';

/**
 * Adds the certificate unless the learner already has one of the course (unique per user and course).
 * True when this call wrote it: of two concurrent completing saves, exactly one gets true.
 */
export async function insertCertificate(db: Db, row: CertificatesTable): Promise<boolean> {
  const result = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const certificateOfLearner = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .selectFrom('certificates')
    .select('id')
    .where('user_id', '=', value('userId'))
    .where('course_id', '=', value('courseId')),
);

/** The learner's certificate id of a course, if issued; prepared, as a completed course's saves ask it. */
export async function findCertificateIdOf(db: Db, userId: string, courseId: string): Promise<string | null> {
  return (await certificateOfLearner.first(db, { userId, courseId }))?.id ?? null;
}

/** The learner's certificates, for the data export. */
export async function findCertificatesByUser(db: Db, userId: string) {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('completed_at', 'asc')
    .execute();
}

/** Erases the learner's certificates (account deletion): their public pages then answer 'unknown'. */
export async function deleteCertificatesByUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('certificates').where('user_id', '=', userId).execute();
}

/** Certificate ids of the learner's courses, for the enrolled-courses cards. */
export async function findCertificatesOfLearner(db: Db, userId: string) {
  return db.selectFrom('certificates').select(['id', 'course_id']).where('user_id', '=', userId).execute();
}

export async function findCertificate(db: Db, id: string) {
  return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every certificate issued (the home page's live figures). */
export async function countCertificates(db: Db): Promise<number> {
  const row = await db
    .selectFrom('certificates')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The certificate that replaced the one with this id, when that one was re-issued (issue 32, N2). */
export async function findReplacementOf(db: Db, previousId: string) {
  return db.selectFrom('certificates').selectAll().where('previous_id', '=', previousId).executeTakeFirst();
}

/**
 * Re-issues a certificate under a corrected name and a new id, keeping its old id as `previous_id`; only
 * a certificate never re-issued, so of two concurrent re-issues one writes. True when this call wrote it.
 */
export async function replaceCertificate(
  db: Db,
  change: { id: string; newId: string; name: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ id: change.newId, previous_id: change.id, printed_name: change.name, reissued_at: change.now })
    .where('id', '=', change.id)
    .where('previous_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}
