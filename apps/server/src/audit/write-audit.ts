import type { SessionUser } from '../auth/session.js';
import type { Db } from '../db/database.js';
import { newId } from '../ids.js';

export interface AuditEntry {
  action: string;
  entity:
    | 'course'
    | 'coupon'
    | 'order'
    | 'user'
    | 'contact_message'
    | 'tax_settings'
    | 'video_settings'
    | 'home_figures'
    | 'lesson_video'
    | 'newsletter'
    | 'review'
    | 'certificate'
    | 'bundle'
    | 'plan'
    | 'subscription'
    | 'live_session'
    | 'cohort'
    | 'community_post'
    | 'community_space';
  entityId: string;
  before: unknown;
  after: unknown;
}

/** One audit row; callers pass their transaction, so the row exists exactly when the change does. */
export async function writeAudit(trx: Db, actor: SessionUser, entry: AuditEntry, now = new Date()): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Makes a change and writes its audit row in one transaction (the common case of writeAudit): `change`
 * runs first, on the transaction, and the row records `entry`.
 */
export async function changeWithAudit(
  db: Db,
  actor: SessionUser,
  change: (trx: Db) => Promise<unknown>,
  entry: AuditEntry,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await change(trx);
    await writeAudit(trx, actor, entry, now);
  });
}

/**
 * Account deletion: the entries the learner wrote themselves (a many-devices flag) keep their actor id,
 * so the record stands, but their address becomes the account's tombstone.
 */
export async function forgetAuditActorEmail(trx: Db, actorId: string, tombstone: string): Promise<void> {
  await trx.updateTable('audit_log').set({ actor_email: tombstone }).where('actor_id', '=', actorId).execute();
}
