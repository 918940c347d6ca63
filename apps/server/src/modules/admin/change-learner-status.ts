import type { AdminLearnerDetail } from '@shop/shared';
import { type LearnerStatus, messages } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import { forgetSessions, revokeUserSessions, type SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { setAccountStatus } from '../accounts/index.js';
import { getLearner } from './learners.js';

/**
 * Suspends, terminates or reinstates an account. Leaving 'active' ends every session in the same
 * transaction, so the learner is signed out at their next request. A terminated account keeps its
 * row, which is what keeps its e-mail from registering again.
 */
export async function changeLearnerStatus(
  db: Db,
  actor: SessionUser,
  id: string,
  status: LearnerStatus,
  now = new Date(),
): Promise<AdminLearnerDetail> {
  if (id === actor.id) throw new AppError('bad_request', messages.adminOwnStatus);
  const before = await getLearner(db, id);
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      await setAccountStatus(trx, id, status, now);
      if (status !== 'active') await revokeUserSessions(trx, id);
    },
    { action: `user.${status}`, entity: 'user', entityId: id, before: { status: before.status }, after: { status } },
    now,
  );
  forgetSessions();
  return getLearner(db, id);
}
