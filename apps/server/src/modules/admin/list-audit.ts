import type { AdminAuditEntry } from '@shop/shared';
import type { Db } from '../../db/database.js';

/** The latest operator actions, newest first. */
export async function listAudit(db: Db, limit = 200): Promise<AdminAuditEntry[]> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before_json,
    after: row.after_json,
    createdAt: row.created_at,
  }));
}
