import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import { newId } from '../../ids.js';

/**
 * The one writer of `enrolments` (architecture.test.ts, 'one writer per table'): the console's grant and
 * revoke, and the variants a paid or refunded order needs, each run inside the caller's transaction.
 */

/** A learner's enrolments in a course that still give access (normally at most one). */
export function activeEnrolments(db: Db, userId: string, courseId: string) {
  return db
    .selectFrom('enrolments')
    .select(['id', 'order_id', 'granted_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Gives a learner a course without an order (the console's grant). A revoked or refunded enrolment
 * keeps its (user, course) row: granting again restores that row.
 */
export async function grantEnrolment(db: Db, userId: string, courseId: string, now: Date): Promise<void> {
  await db
    .insertInto('enrolments')
    .values({
      id: newId(),
      user_id: userId,
      course_id: courseId,
      order_id: null,
      granted_at: now.toISOString(),
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'course_id'])
        .doUpdateSet({ order_id: null, granted_at: now.toISOString(), revoked_at: null })
        .where('enrolments.revoked_at', 'is not', null),
    )
    .execute();
}

/** Ends these enrolments' access; the order that bought one, if any, stays as it was. */
export async function revokeEnrolments(db: Db, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('enrolments').set({ revoked_at: now.toISOString() }).where('id', 'in', ids).execute();
}

// Every paid order runs this once per course; it is compiled once (see preparedQuery).
const grantOrderEnrolmentRow = preparedQuery<{
  id: string;
  userId: string;
  courseId: string;
  orderId: string;
  now: string;
}>()((db, value) =>
  db
    .insertInto('enrolments')
    .values({
      id: value('id'),
      user_id: value('userId'),
      course_id: value('courseId'),
      order_id: value('orderId'),
      granted_at: value('now'),
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'course_id'])
        .doUpdateSet({ order_id: value('orderId'), granted_at: value('now'), revoked_at: null })
        .where('enrolments.revoked_at', 'is not', null),
    ),
);

/**
 * Enrols the buyer of a paid order, in the fulfilling transaction: a revoked enrolment in the same course
 * is granted again (now by this order), an active one kept as it is.
 */
export async function grantOrderEnrolment(
  db: Db,
  row: { userId: string; courseId: string; orderId: string; now: string },
): Promise<void> {
  await grantOrderEnrolmentRow.execute(db, { id: newId(), ...row });
}

/**
 * A refunded order's enrolment moves to another order that also covers the course, or ends (in the
 * refunding transaction).
 */
export async function moveOrRevokeEnrolment(
  db: Db,
  enrolmentId: string,
  otherOrderId: string | undefined,
  stamp: string,
): Promise<void> {
  await db
    .updateTable('enrolments')
    .set(otherOrderId ? { order_id: otherOrderId } : { revoked_at: stamp })
    .where('id', '=', enrolmentId)
    .execute();
}
