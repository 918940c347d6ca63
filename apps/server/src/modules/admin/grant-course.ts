import type { AdminLearnerDetail } from '@shop/shared';
import { messages } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { activeEnrolments, grantEnrolment, revokeEnrolments } from '../learning/index.js';
import { loadCourse } from './course-record.js';
import { getLearner } from './learners.js';

/** A change by hand to the courses a learner holds, audited; it answers the learner as the console shows them. */
type LearnerCourseChange = (
  db: Db,
  actor: SessionUser,
  userId: string,
  courseId: string,
  now?: Date,
) => Promise<AdminLearnerDetail>;

/** Gives a learner a course by hand (no order): a goodwill gesture or a payment settled elsewhere. */
export const grantCourse: LearnerCourseChange = async (db, actor, userId, courseId, now = new Date()) => {
  await getLearner(db, userId);
  const course = await loadCourse(db, courseId);
  if ((await activeEnrolments(db, userId, courseId)).length > 0)
    throw new AppError('conflict', messages.adminAlreadyOwned);
  await changeWithAudit(
    db,
    actor,
    (trx) => grantEnrolment(trx, userId, courseId, now),
    {
      action: 'enrolment.grant',
      entity: 'user',
      entityId: userId,
      before: null,
      after: { courseId, title: course.title },
    },
    now,
  );
  return getLearner(db, userId);
};

/** Takes a course away by hand; the order that bought it, if any, stays as it was. */
export const revokeCourse: LearnerCourseChange = async (db, actor, userId, courseId, now = new Date()) => {
  const held = await activeEnrolments(db, userId, courseId);
  if (held.length === 0) throw new AppError('conflict', messages.adminNotOwned);
  await changeWithAudit(
    db,
    actor,
    (trx) =>
      revokeEnrolments(
        trx,
        held.map((row) => row.id),
        now,
      ),
    {
      action: 'enrolment.revoke',
      entity: 'user',
      entityId: userId,
      before: { courseId, enrolments: held },
      after: null,
    },
    now,
  );
  return getLearner(db, userId);
};
