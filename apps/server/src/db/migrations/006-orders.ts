import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('created', 'attempted', 'paid', 'failed', 'expired', 'refunded')`),
    )
    .addColumn('subtotal_paise', 'integer', (col) => col.notNull().check(sql`subtotal_paise >= 0`))
    .addColumn('discount_paise', 'integer', (col) => col.notNull().check(sql`discount_paise >= 0`))
    .addColumn('total_paise', 'integer', (col) => col.notNull().check(sql`total_paise >= 0`))
    .addColumn('coupon_id', 'text')
    .addColumn('coupon_code', 'text')
    .addColumn('discount_percent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('INR'))
    .addColumn('gateway', 'text', (col) => col.notNull().check(sql`gateway in ('razorpay', 'sandbox', 'free')`))
    .addColumn('gateway_order_id', 'text', (col) => col.unique())
    .addColumn('cart_fingerprint', 'text', (col) => col.notNull())
    .addColumn('billing_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('billing_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('unit_price_paise', 'integer', (col) => col.notNull().check(sql`unit_price_paise >= 0`))
    .addUniqueConstraint('order_lines_order_course', ['order_id', 'course_id'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('gateway_payment_id', 'text', (col) => col.notNull().unique())
    .addColumn('amount_paise', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('gateway_payment_id', 'text', (col) => col.notNull())
    .addColumn('gateway_refund_id', 'text', (col) => col.unique())
    .addColumn('amount_paise', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // The sandbox gateway's own books: what Razorpay would hold for a test-mode account.
  await db.schema
    .createTable('sandbox_orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('receipt', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('sandbox_orders.id'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sandbox_payments_order').on('sandbox_payments').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sandbox_payments',
    'sandbox_orders',
    'refunds',
    'webhook_events',
    'order_events',
    'payments',
    'order_lines',
    'orders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
