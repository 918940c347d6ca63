import type { Kysely } from 'kysely';

/**
 * "Outside India" is a claim the payment is checked against (issue 32, B7; decision 0018): the buyer's
 * country (ISO 3166-1 alpha-2, '' for a buyer in India or one who gave none), and whether the gateway
 * reported a payment as made from abroad (Razorpay's `international`; 1, 0, or null when not asked).
 * The sandbox keeps the same fact for its test payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('billing_country', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('payments').addColumn('international', 'integer').execute();
  await db.schema
    .alterTable('sandbox_payments')
    .addColumn('international', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_payments').dropColumn('international').execute();
  await db.schema.alterTable('payments').dropColumn('international').execute();
  await db.schema.alterTable('orders').dropColumn('billing_country').execute();
}
