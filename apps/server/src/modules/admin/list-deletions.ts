import type { AdminDeletion } from '@shop/shared';
import type { Db } from '../../db/database.js';

/** Audit actions that erase an account (decision 0019): today only the learner's own, done at once. */
const DELETION_ACTIONS = ['account.deleted_by_learner'];

/**
 * Completed account deletions, newest first, from the audit log. "Delete my account" erases at once
 * (no request waits for the operator), so the console lists what was done, by whom and when.
 */
export async function listDeletions(db: Db, limit = 500): Promise<AdminDeletion[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'actor_email', 'action', 'entity_id', 'created_at'])
    .where('action', 'in', DELETION_ACTIONS)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.entity_id,
    account: `deleted-${row.entity_id}`,
    deletedAt: row.created_at,
    by: row.actor_id === row.entity_id ? 'the learner' : row.actor_email,
    status: 'completed' as const,
  }));
}
