import type { Db } from '../../db/database.js';
import { ENDED_STATUSES, liveKeyOf, type SubscriptionRow } from './repo.js';

/**
 * SQL of resume and of a new payment method (decision 0037 addendum): a replacement subscription is its
 * own row, holding `replace:<old id>` as its `live_key` until its authorisation is verified (so an old
 * subscription has one replacement being set up at a time, whatever tabs ask), then the learner's
 * `user:plan` key, moved from the old row in one transaction.
 */
export const replaceKeyOf = (oldId: string) => `replace:${oldId}`;

export function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a replacement being set up; false when the old one already has one (the unique key refuses it). */
export async function insertReplacement(
  db: Db,
  row: Pick<
    SubscriptionRow,
    'id' | 'user_id' | 'plan_id' | 'gateway' | 'amount_paise' | 'period' | 'created_at' | 'starts_at'
  > & { replaces_id: string; replace_reason: 'resume' | 'method' },
): Promise<boolean> {
  const inserted = await db
    .insertInto('subscriptions')
    .values({
      ...row,
      status: 'created',
      gateway_subscription_id: null,
      live_key: replaceKeyOf(row.replaces_id),
      updated_at: row.created_at,
    })
    .onConflict((oc) => oc.column('live_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0;
}

/** The replacement of `oldId` being set up (not yet verified), if any. */
export function findPendingReplacement(db: Db, oldId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('live_key', '=', replaceKeyOf(oldId)).executeTakeFirst();
}

/** A replacement of `oldId` that took over and has not ended: the old one has nothing left to resume or change. */
export function findLiveTakeOver(db: Db, oldId: string) {
  return db
    .selectFrom('subscriptions')
    .select('id')
    .where('replaces_id', '=', oldId)
    .where('took_over_at', 'is not', null)
    .where('status', 'not in', ENDED_STATUSES)
    .executeTakeFirst();
}

/**
 * In one transaction, the learner's live slot for the plan moves from the old subscription to its
 * verified replacement, once (`took_over_at`). 'taken' when done now or before; 'held' when another
 * subscription of the learner to the plan holds the slot (one made after the old one ended).
 */
export function moveLiveKey(
  db: Db,
  replacement: Pick<SubscriptionRow, 'id' | 'user_id' | 'plan_id' | 'replaces_id'>,
  now: string,
): Promise<'taken' | 'held'> {
  const key = liveKeyOf(replacement.user_id, replacement.plan_id);
  return db.transaction().execute(async (trx) => {
    if (replacement.replaces_id)
      await trx
        .updateTable('subscriptions')
        .set({ live_key: null, updated_at: now })
        .where('id', '=', replacement.replaces_id)
        .where('live_key', '=', key)
        .execute();
    const holder = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('live_key', '=', key)
      .where('id', '!=', replacement.id)
      .executeTakeFirst();
    if (holder) return 'held';
    await trx
      .updateTable('subscriptions')
      .set({ live_key: key, took_over_at: now, updated_at: now })
      .where('id', '=', replacement.id)
      .where('took_over_at', 'is', null)
      .where('status', 'not in', ENDED_STATUSES)
      .execute();
    return 'taken';
  });
}
