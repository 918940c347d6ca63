import type { Kysely } from 'kysely';
import { createIndex } from './schema-statements.js';

/**
 * Issue 34 (the learner's actions on a membership, decision 0037's addendum "resume and a new payment
 * method"), owned by the subscriptions module:
 * - `subscriptions.disclaimer_accepted_at`: when the learner ticked the education-only acknowledgement
 *   on subscribing (null: not sent, as with a bare `{ planId }`).
 * - `subscriptions.replaces_id`: the subscription this one takes over from (resume before the end, or a
 *   new payment method); Razorpay cannot reactivate a cancelled subscription nor change its mandate, so
 *   both are a new gateway subscription starting when the old one's paid period ends.
 *   `replace_reason` ('resume' | 'method'), `starts_at` (ISO, its first charge; null: at once) and
 *   `took_over_at` (set once, in the transaction that moves the learner's `live_key` from the old row
 *   to this one, after its authorisation is verified; until then this row holds `replace:<old id>`, so a
 *   subscription has at most one replacement being set up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('disclaimer_accepted_at', 'text').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('replaces_id', 'text', (col) => col.references('subscriptions.id'))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('replace_reason', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('starts_at', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('took_over_at', 'text').execute();
  await createIndex(db, 'subscriptions_replaces', 'subscriptions', ['replaces_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_replaces').execute();
  for (const column of ['took_over_at', 'starts_at', 'replace_reason', 'replaces_id', 'disclaimer_accepted_at'])
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
}
