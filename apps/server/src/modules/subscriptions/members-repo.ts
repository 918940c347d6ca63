import type { Db, DbKind } from '../../db/database.js';

/**
 * A plan's memberships the gateway made (an unpaid checkout that never reached it is nobody's membership),
 * with the learner's name and e-mail, oldest first.
 */
export function findPlanMembers(db: Db, planId: string) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select([
      'subscriptions.id',
      'subscriptions.user_id',
      'subscriptions.status',
      'subscriptions.created_at',
      'subscriptions.next_charge_at',
      'subscriptions.cancel_at_period_end',
      'users.username',
      'users.certificate_name',
      'users.email',
    ])
    .where('subscriptions.plan_id', '=', planId)
    .where('subscriptions.gateway_subscription_id', 'is not', null)
    .orderBy('subscriptions.created_at')
    .orderBy('subscriptions.id')
    .execute();
}

/** One membership for the operator, locked for the rest of the transaction on PostgreSQL. */
export function findSubscriptionForOperator(db: Db, id: string, kind?: DbKind) {
  const query = db
    .selectFrom('subscriptions')
    .select(['id', 'gateway_subscription_id', 'status', 'cancel_at_period_end', 'next_charge_at', 'user_id'])
    .where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
