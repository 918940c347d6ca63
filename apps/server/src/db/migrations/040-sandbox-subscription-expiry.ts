import type { Kysely } from 'kysely';

/**
 * Issue 34 (nothing charged twice when a membership is replaced, decision 0037's addendum), owned by
 * payments: the sandbox keeps Razorpay's `expire_by` of a subscription (Unix seconds, null: none), the
 * last moment its authorisation may be made. A replacement (resume, a new payment method) is made with
 * `expire_by` at its first charge, so a checkout left open past it cannot authorise and be charged at once
 * for a period the old subscription has already paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_subscriptions').addColumn('expire_by', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_subscriptions').dropColumn('expire_by').execute();
}
