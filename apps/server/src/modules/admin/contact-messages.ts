import type { AdminMessage } from '@shop/shared';
import { messages } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findContactMessages, findMessageHandled, setMessageHandled } from '../contact/index.js';
import { confirmedSubscribers } from '../newsletter/manage-subscription.js';

/** Contact messages, unhandled first, newest first within each group. */
export async function listContactMessages(db: Db): Promise<AdminMessage[]> {
  const rows = await findContactMessages(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    website: row.website,
    message: row.message,
    handled: row.handled === 1,
    createdAt: row.created_at,
  }));
}

export async function markMessageHandled(db: Db, actor: SessionUser, id: string, handled: boolean, now = new Date()) {
  const row = await findMessageHandled(db, id);
  if (!row) throw new AppError('not_found', messages.adminMessageMissing);
  await changeWithAudit(
    db,
    actor,
    (trx) => setMessageHandled(trx, id, handled),
    {
      action: handled ? 'message.handled' : 'message.unhandled',
      entity: 'contact_message',
      entityId: id,
      before: { handled: row.handled === 1 },
      after: { handled },
    },
    now,
  );
  return { ok: true as const };
}

/** Confirmed subscribers only (double opt-in): a sign-up not yet confirmed is not a subscription. */
export async function listSubscribers(db: Db) {
  return confirmedSubscribers(db);
}
