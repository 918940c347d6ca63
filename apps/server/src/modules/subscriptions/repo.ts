import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { GatewayPlansTable, SubscriptionChargesTable, SubscriptionsTable } from '../../db/schema.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionStatus = SubscriptionsTable['status'];

/** States after which a subscription never comes back: its `live_key` is cleared. */
export const ENDED_STATUSES: readonly SubscriptionStatus[] = ['cancelled', 'completed', 'expired'];

export const liveKeyOf = (userId: string, planId: string) => `${userId}:${planId}`;

export function findGatewayPlanId(
  db: Db,
  key: { planId: string; priceVersion: number; gateway: string },
): Promise<string | undefined> {
  return db
    .selectFrom('gateway_plans')
    .select('gateway_plan_id')
    .where('plan_id', '=', key.planId)
    .where('price_version', '=', key.priceVersion)
    .where('gateway', '=', key.gateway)
    .executeTakeFirst()
    .then((row) => row?.gateway_plan_id);
}

/** Records the gateway's plan for this price version unless one was recorded meanwhile. */
export async function insertGatewayPlan(db: Db, row: Insertable<GatewayPlansTable>): Promise<void> {
  await db
    .insertInto('gateway_plans')
    .values(row)
    .onConflict((oc) => oc.columns(['plan_id', 'price_version', 'gateway']).doNothing())
    .execute();
}

/**
 * Inserts a new live subscription; false when the learner already holds a live one to the plan (the
 * unique `live_key` refuses it, whatever else is running at the same moment).
 */
export async function insertLiveSubscription(
  db: Db,
  row: Pick<SubscriptionRow, 'id' | 'user_id' | 'plan_id' | 'gateway' | 'amount_paise' | 'period' | 'created_at'> &
    Partial<Pick<SubscriptionRow, 'total_count' | 'disclaimer_accepted_at'>>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('subscriptions')
    .values({
      ...row,
      status: 'created',
      gateway_subscription_id: null,
      live_key: liveKeyOf(row.user_id, row.plan_id),
      updated_at: row.created_at,
    })
    .onConflict((oc) => oc.column('live_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0;
}

/** The subscription holding the learner's live slot for the plan if it was never authorised and made before `before`. */
export function findAbandoned(db: Db, userId: string, planId: string, before: string) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'gateway_subscription_id'])
    .where('live_key', '=', liveKeyOf(userId, planId))
    .where('status', '=', 'created')
    .where('created_at', '<', before)
    .executeTakeFirst();
}

/** Frees a live slot held by a subscription the gateway never made (a request that died half-way). */
export async function expireUnmade(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ live_key: null, status: 'expired', updated_at: now })
    .where('id', '=', id)
    .where('gateway_subscription_id', 'is', null)
    .execute();
}

export async function setGatewaySubscriptionId(db: Db, id: string, gatewaySubscriptionId: string, now: string) {
  await db
    .updateTable('subscriptions')
    .set({ gateway_subscription_id: gatewaySubscriptionId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A subscription the gateway never made: it frees its live slot at once. */
export async function deleteUnmadeSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('subscriptions').where('id', '=', id).where('gateway_subscription_id', 'is', null).execute();
}

export function findByGatewayId(db: Db, gatewaySubscriptionId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('gateway_subscription_id', '=', gatewaySubscriptionId)
    .executeTakeFirst();
}

export function findOwnSubscription(db: Db, id: string, userId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The learner's subscriptions the gateway made, newest first. */
export function findUserSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('gateway_subscription_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The learner's live subscriptions (not ended), for account deletion. */
export function findLiveSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'gateway_subscription_id'])
    .where('user_id', '=', userId)
    .where('live_key', 'is not', null)
    .execute();
}

/**
 * Live subscriptions the gateway should have moved by now and that were not updated since `cutoff`: a
 * charge due by `cutoff`, or a checkout opened after `since` and never authorised here.
 */
export function findSubscriptionsToReconcile(db: Db, cutoff: string, since: string) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'gateway_subscription_id', 'status', 'user_id', 'plan_id', 'period', 'replaces_id', 'took_over_at'])
    .where('live_key', 'is not', null)
    .where('gateway_subscription_id', 'is not', null)
    .where('updated_at', '<=', cutoff)
    .where((eb) =>
      eb.or([
        eb('next_charge_at', '<=', cutoff),
        eb.and([eb('status', '=', 'created'), eb('created_at', '>=', since)]),
      ]),
    )
    .orderBy('updated_at')
    .execute();
}

/** The learner's subscriptions in a state that may open courses (the time rules are the caller's). */
/** Every subscription that may open its plan's courses, whoever's (live sessions' reminders; `opensCourses` decides). */
export function findAllAccessCandidates(db: Db) {
  return db
    .selectFrom('subscriptions')
    .select(['user_id', 'plan_id', 'status', 'current_period_end', 'cancel_at_period_end', 'ended_at'])
    .where('status', 'in', ['active', 'authenticated', 'pending', 'cancelled'])
    .execute();
}

export function findAccessCandidates(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions')
    .select(['plan_id', 'status', 'current_period_end', 'cancel_at_period_end', 'ended_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'authenticated', 'pending', 'cancelled'])
    .execute();
}

/** The gateway's state of a subscription, as the module stores it. */
export interface GatewayState {
  status: SubscriptionStatus;
  paid_count: number;
  current_period_end: string | null;
  next_charge_at: string | null;
  ended_at: string | null;
}

/**
 * Writes the gateway's state unless it is older than what is stored: an ended subscription stays ended,
 * and a state with fewer paid cycles than stored is an earlier one (a slow request racing a newer one).
 * An ended state frees the learner's live slot. True when written.
 */
export async function applyState(db: Db, id: string, state: GatewayState, now: string): Promise<boolean> {
  const ended = ENDED_STATUSES.includes(state.status);
  const result = await db
    .updateTable('subscriptions')
    .set({ ...state, updated_at: now, ...(ended ? { live_key: null } : {}) })
    .where('id', '=', id)
    .where('status', 'not in', ENDED_STATUSES)
    .where('paid_count', '<=', state.paid_count)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

export async function markCancelAtPeriodEnd(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: 1, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Records a captured charge once: a repeat of the same gateway payment id writes nothing. */
export async function insertCharge(db: Db, row: Selectable<SubscriptionChargesTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('subscription_charges')
    .values(row)
    .onConflict((oc) => oc.column('gateway_payment_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0;
}

export function findCharges(db: Db, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subscription_charges')
    .select(['id', 'subscription_id', 'gateway_payment_id', 'amount_paise', 'paid_at', 'refunded_at'])
    .where('subscription_id', 'in', subscriptionIds)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
}
