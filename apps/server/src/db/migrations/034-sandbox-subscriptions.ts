import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { nonNegative, optional, references, required, withDefaults } from './table-columns.js';

/**
 * Issue 34 (subscriptions, the gateway side): the sandbox gateway's own books of Razorpay's plans and
 * subscriptions, as Razorpay would hold them for a test-mode account (decision 0036). Owned by payments,
 * like `sandbox_orders`. Times the gateway keeps (`start_at`, `current_start`, `current_end`, `charge_at`,
 * `ended_at`) are Unix seconds, as Razorpay's API carries them; each charge of a cycle is a row of
 * `sandbox_orders` (its receipt the subscription's id) and `sandbox_payments`, as Razorpay makes an order
 * and a payment per invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'sandbox_plans')
    .$call(required('text', 'period'))
    .$call(required('integer', 'interval_count'))
    .$call(nonNegative('amount'))
    .$call(required('text', 'name', 'description', 'notes', 'created_at'))
    .execute();

  await createKeyedTable(db, 'sandbox_subscriptions')
    .$call(references({ plan_id: 'sandbox_plans.id' }))
    .$call(required('text', 'status'))
    .$call(required('integer', 'total_count'))
    .$call(withDefaults('integer', { paid_count: 0, failed_count: 0, customer_notify: 1, cancel_at_cycle_end: 0 }))
    .$call(required('text', 'notes'))
    .$call(optional('integer', 'start_at', 'current_start', 'current_end', 'charge_at', 'ended_at'))
    .$call(required('text', 'created_at'))
    .execute();
  // The renewal run's question: which subscriptions are due by now.
  await createIndex(db, 'sandbox_subscriptions_charge_at', 'sandbox_subscriptions', ['charge_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'sandbox_subscriptions', 'sandbox_plans');
}
