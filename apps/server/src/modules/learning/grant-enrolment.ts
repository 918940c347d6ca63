import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';

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
