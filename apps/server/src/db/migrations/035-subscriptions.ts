import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { nonNegative, optional, references, required, timestamps, withDefaults } from './table-columns.js';

/**
 * Issue 34 (subscriptions, the shop's side), owned by the subscriptions module:
 * - `gateway_plans`: the gateway's plan made for one price version of a plan, once (unique per plan,
 *   price version and gateway): Razorpay's plans cannot change, so a new price makes a new one.
 * - `subscriptions`: a learner's subscription to a plan and the gateway's state of it as last read.
 *   `live_key` (user and plan) is set while the subscription is live and cleared when it ends; being
 *   unique, two requests at once cannot both make a live subscription to one plan for one learner
 *   (null never collides, on SQLite or PostgreSQL).
 * - `subscription_charges`: each captured charge once, keyed by the gateway's payment id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'gateway_plans')
    .$call(references({ plan_id: 'plans.id' }))
    .$call(required('integer', 'price_version'))
    .$call(required('text', 'gateway', 'gateway_plan_id', 'created_at'))
    .addUniqueConstraint('gateway_plans_version', ['plan_id', 'price_version', 'gateway'])
    .execute();

  await createKeyedTable(db, 'subscriptions')
    .$call(references({ user_id: 'users.id', plan_id: 'plans.id' }))
    .$call(required('text', 'gateway', 'status', 'period'))
    .addColumn('gateway_subscription_id', 'text', (col) => col.unique())
    .$call(nonNegative('amount_paise'))
    .$call(optional('text', 'current_period_end', 'next_charge_at', 'ended_at'))
    .$call(withDefaults('integer', { paid_count: 0, cancel_at_period_end: 0 }))
    .addColumn('live_key', 'text', (col) => col.unique())
    .$call(timestamps)
    .execute();
  await createIndex(db, 'subscriptions_user', 'subscriptions', ['user_id']);

  await createKeyedTable(db, 'subscription_charges')
    .$call(references({ subscription_id: 'subscriptions.id' }))
    .addColumn('gateway_payment_id', 'text', (col) => col.notNull().unique())
    .$call(nonNegative('amount_paise'))
    .$call(required('text', 'paid_at'))
    .execute();
  await createIndex(db, 'subscription_charges_subscription', 'subscription_charges', ['subscription_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'subscription_charges', 'subscriptions', 'gateway_plans');
}
