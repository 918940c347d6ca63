import type { Db } from '../../db/database.js';
import type { MemberNoticesTable } from '../../db/schema.js';
import { newId } from '../../ids.js';

/** A subscription with what its mails say: the learner's address and name, the plan's title and kind. */
export function findNoticeSubject(db: Db, gatewaySubscriptionId: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select([
      's.id',
      's.status',
      's.amount_paise',
      's.paid_count',
      's.current_period_end',
      's.next_charge_at',
      's.ended_at',
      's.cancel_at_period_end',
      's.replaces_id',
      's.total_count',
      'u.email',
      'u.username',
      'u.status as user_status',
      'p.title as plan_title',
      'p.kind as plan_kind',
    ])
    .where('s.gateway_subscription_id', '=', gatewaySubscriptionId)
    .executeTakeFirst();
}

/**
 * Whether a replacement (resume, new payment method) of this subscription was authorised by the learner
 * (`any`: one is live, or took over) and whether one took its place (`tookOver`). A replacement never
 * authorised (an abandoned checkout) counts for neither.
 */
export async function replacementOf(db: Db, subscriptionId: string): Promise<{ any: boolean; tookOver: boolean }> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['status', 'took_over_at'])
    .where('replaces_id', '=', subscriptionId)
    .where((eb) =>
      eb.or([
        eb('took_over_at', 'is not', null),
        eb('status', 'in', ['authenticated', 'active', 'pending', 'halted', 'paused']),
      ]),
    )
    .execute();
  return { any: rows.length > 0, tookOver: rows.some((row) => row.took_over_at !== null) };
}

/** The subscription's charges that have their tax invoice, oldest first. */
export function invoicedCharges(db: Db, subscriptionId: string) {
  return db
    .selectFrom('subscription_charges as c')
    .innerJoin('tax_documents as d', (join) =>
      join.onRef('d.subscription_charge_id', '=', 'c.id').on('d.kind', '=', 'invoice'),
    )
    .select(['c.gateway_payment_id', 'c.amount_paise', 'c.paid_at', 'd.number'])
    .where('c.subscription_id', '=', subscriptionId)
    .orderBy('c.paid_at')
    .execute();
}

/**
 * The notice's row, unless one with its key exists (another delivery, process or replay wrote it):
 * true only for the writer that inserted it, which then queues the mail in the same transaction.
 */
export async function claimNotice(
  trx: Db,
  notice: Pick<MemberNoticesTable, 'subscription_id' | 'kind' | 'occasion'>,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .insertInto('member_notices')
    .values({ id: newId(), ...notice, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['subscription_id', 'kind', 'occasion']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Live subscriptions (paying, or authorised and waiting for their first charge: a trial, a replacement's start)
 * that will charge between `from` and `to` (ISO) and were not cancelled at the period's end. A replacement not
 * yet taken over (its `live_key` is `replace:…`) is left out: the subscription it replaces is the live one.
 */
export function renewalsDue(db: Db, from: string, to: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select([
      's.id',
      's.status',
      's.amount_paise',
      's.next_charge_at',
      's.created_at',
      's.replaces_id',
      's.paid_count',
      's.total_count',
      'u.email',
      'u.username',
      'p.title as plan_title',
    ])
    .where('s.status', 'in', ['active', 'authenticated'])
    .where('s.cancel_at_period_end', '=', 0)
    .where('s.live_key', 'is not', null)
    .where('s.live_key', 'not like', 'replace:%')
    .where('s.next_charge_at', '>', from)
    .where('s.next_charge_at', '<=', to)
    .where('u.status', '=', 'active')
    .execute();
}
