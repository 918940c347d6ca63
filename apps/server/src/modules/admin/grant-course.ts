import type { AdminLearnerDetail } from '@shop/shared';
import { grantCourseInput, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { loadCourse } from './course-record.js';
import { getLearner } from './learners.js';
import { parseInput } from './parse-input.js';
import { writeAudit } from './write-audit.js';

function activeEnrolments(db: Db, userId: string, courseId: string) {
  return db
    .selectFrom('enrolments')
    .select(['id', 'order_id', 'granted_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Gives a learner a course by hand (no order): a goodwill gesture or a payment settled elsewhere. */
export async function grantCourse(db: Db, actor: SessionUser, userId: string, body: unknown, now = new Date()) {
  const { courseId } = parseInput(grantCourseInput, body);
  await getLearner(db, userId);
  const course = await loadCourse(db, courseId);
  if ((await activeEnrolments(db, userId, courseId)).length > 0)
    throw new AppError('conflict', messages.adminAlreadyOwned);
  await db.transaction().execute(async (trx) => {
    const id = newId();
    // A revoked or refunded enrolment keeps its (user, course) row: re-granting restores that row.
    await trx
      .insertInto('enrolments')
      .values({
        id,
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
    await writeAudit(
      trx,
      actor,
      {
        action: 'enrolment.grant',
        entity: 'user',
        entityId: userId,
        before: null,
        after: { courseId, title: course.title },
      },
      now,
    );
  });
  return getLearner(db, userId);
}

/** Takes a course away by hand; the order that bought it, if any, stays as it was. */
export async function revokeCourse(
  db: Db,
  actor: SessionUser,
  userId: string,
  body: unknown,
  now = new Date(),
): Promise<AdminLearnerDetail> {
  const { courseId } = parseInput(grantCourseInput, body);
  const held = await activeEnrolments(db, userId, courseId);
  if (held.length === 0) throw new AppError('conflict', messages.adminNotOwned);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('enrolments')
      .set({ revoked_at: now.toISOString() })
      .where(
        'id',
        'in',
        held.map((row) => row.id),
      )
      .execute();
    await writeAudit(
      trx,
      actor,
      {
        action: 'enrolment.revoke',
        entity: 'user',
        entityId: userId,
        before: { courseId, enrolments: held },
        after: null,
      },
      now,
    );
  });
  return getLearner(db, userId);
}
