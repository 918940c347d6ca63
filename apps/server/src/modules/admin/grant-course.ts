import type { AdminLearnerDetail } from '@shop/shared';
import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { activeEnrolments, grantEnrolment, revokeEnrolments } from '../learning/grant-enrolment.js';
import { loadCourse } from './course-record.js';
import { getLearner } from './learners.js';
import { writeAudit } from './write-audit.js';

/** Gives a learner a course by hand (no order): a goodwill gesture or a payment settled elsewhere. */
export async function grantCourse(
  db: Db,
  actor: SessionUser,
  userId: string,
  courseId: string,
  now = new Date(),
): Promise<AdminLearnerDetail> {
  await getLearner(db, userId);
  const course = await loadCourse(db, courseId);
  if ((await activeEnrolments(db, userId, courseId)).length > 0)
    throw new AppError('conflict', messages.adminAlreadyOwned);
  await db.transaction().execute(async (trx) => {
    await grantEnrolment(trx, userId, courseId, now);
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
  courseId: string,
  now = new Date(),
): Promise<AdminLearnerDetail> {
  const held = await activeEnrolments(db, userId, courseId);
  if (held.length === 0) throw new AppError('conflict', messages.adminNotOwned);
  await db.transaction().execute(async (trx) => {
    await revokeEnrolments(
      trx,
      held.map((row) => row.id),
      now,
    );
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
