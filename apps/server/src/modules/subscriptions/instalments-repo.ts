import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * Instalments (decision 0038): a subscription with `total_count = N` to a course's hidden plan. After the
 * gateway reports it `completed` and N charges are recorded, its course is granted once
 * (`course_granted_at`, set in the granting transaction).
 */

/** Completed instalment subscriptions whose course is not granted yet (one, by gateway id, or all). */
export function findCoursesToGrant(db: Db, gatewaySubscriptionId?: string) {
  let query = db
    .selectFrom('subscriptions')
    .select(['id', 'user_id', 'plan_id', 'period', 'gateway_subscription_id', 'total_count'])
    .where('status', '=', 'completed')
    .where('course_granted_at', 'is', null)
    .where('total_count', 'is not', null);
  if (gatewaySubscriptionId) query = query.where('gateway_subscription_id', '=', gatewaySubscriptionId);
  return query.orderBy('updated_at').execute();
}

/** How many charges of the subscription are recorded. */
export async function countCharges(db: Db, subscriptionId: string): Promise<number> {
  const row = await db
    .selectFrom('subscription_charges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Marks the course granted, only if it is not yet and the subscription is completed with N charges
 * recorded: true for the one transaction that did (the others, replays or racing passes, find it set).
 */
export async function claimCourseGrant(trx: Db, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('subscriptions')
    .set({ course_granted_at: now })
    .where('id', '=', id)
    .where('course_granted_at', 'is', null)
    .where('status', '=', 'completed')
    .where('total_count', 'is not', null)
    .where(
      sql<boolean>`total_count <= (select count(*) from subscription_charges where subscription_charges.subscription_id = subscriptions.id)`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

/**
 * The plans of the learner's instalment subscriptions that may still charge (authorised, not ended, not
 * cancelled at the period's end) or are completed with the course not granted yet.
 */
export async function findChargingInstalmentPlanIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('plan_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('total_count', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', 'not in', ['created', 'cancelled', 'completed', 'expired']),
          eb('cancel_at_period_end', '=', 0),
        ]),
        eb.and([eb('status', '=', 'completed'), eb('course_granted_at', 'is', null)]),
      ]),
    )
    .execute();
  return rows.map((row) => row.plan_id);
}

/** Whether the learner holds an active enrolment in the course (read only: learning writes them). */
export async function ownsCourse(db: Db, userId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enrolments')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
