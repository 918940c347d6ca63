import type { AdminLearnerDetail, AdminLearnerRow } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../accounts/index.js';
import { findEnrolmentHistory } from '../learning/index.js';
import { sessionsJoinedBy } from '../live-sessions/index.js';
import { listDeviceFlags } from '../playback/list-device-flags.js';
import { containsText } from './contains-text.js';
import { searchOrders } from './search-orders.js';

const LIMIT = 500;

/** Accounts matching part of an e-mail or username, newest first. */
export async function listLearners(db: Db, q = ''): Promise<AdminLearnerRow[]> {
  let select = db.selectFrom('users').select(['id', 'username', 'email', 'role', 'status', 'created_at']);
  const text = q.trim().toLowerCase();
  if (text) {
    select = select.where((eb) =>
      eb.or([containsText(eb.ref('email_lower'), text), containsText(eb.fn('lower', [eb.ref('username')]), text)]),
    );
  }
  const rows = await select.orderBy('created_at', 'desc').limit(LIMIT).execute();
  const flags = await listDeviceFlags(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    createdAt: row.created_at,
    deviceFlag: flags.get(row.id) ?? null,
  }));
}

export async function getLearner(db: Db, id: string): Promise<AdminLearnerDetail> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('not_found', messages.adminLearnerMissing);
  const enrolments = await findEnrolmentHistory(db, id);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    status: user.status,
    createdAt: user.created_at,
    deviceFlag: (await listDeviceFlags(db, [user.id])).get(user.id) ?? null,
    verified: user.email_verified_at !== null,
    orders: await searchOrders(db, {}, id),
    enrolments: enrolments.map((row) => ({
      courseId: row.course_id,
      title: row.title,
      orderId: row.order_id,
      grantedAt: row.granted_at,
      revokedAt: row.revoked_at,
    })),
    liveSessionsJoined: (await sessionsJoinedBy(db, id)).reverse(),
  };
}
