import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { nonNegative, optional, references, required, timestamps, withDefaults } from './table-columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'orders')
    .$call(references({ user_id: 'users.id' }))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('created', 'attempted', 'paid', 'failed', 'expired', 'refunded')`),
    )
    .$call(nonNegative('subtotal_paise', 'discount_paise', 'total_paise'))
    .$call(optional('text', 'coupon_id', 'coupon_code'))
    .$call(withDefaults('integer', { discount_percent: 0 }))
    .$call(withDefaults('text', { currency: 'INR' }))
    .addColumn('gateway', 'text', (col) => col.notNull().check(sql`gateway in ('razorpay', 'sandbox', 'free')`))
    .addColumn('gateway_order_id', 'text', (col) => col.unique())
    .$call(required('text', 'cart_fingerprint'))
    .$call(withDefaults('text', { billing_name: '', billing_email: '' }))
    .$call(timestamps)
    .$call(optional('text', 'paid_at', 'refunded_at'))
    .execute();
  await createIndex(db, 'orders_user_created', 'orders', ['user_id', 'created_at']);
  await createIndex(db, 'orders_status_created', 'orders', ['status', 'created_at']);

  await createKeyedTable(db, 'order_lines')
    .$call(references({ order_id: 'orders.id' }, 'cascade'))
    .$call(references({ course_id: 'courses.id' }))
    .$call(required('text', 'title'))
    .$call(nonNegative('unit_price_paise'))
    .addUniqueConstraint('order_lines_order_course', ['order_id', 'course_id'])
    .execute();

  await createKeyedTable(db, 'payments')
    .$call(references({ order_id: 'orders.id' }))
    .addColumn('gateway_payment_id', 'text', (col) => col.notNull().unique())
    .$call(required('integer', 'amount_paise'))
    .$call(required('text', 'status', 'source'))
    .$call(timestamps)
    .execute();
  await createIndex(db, 'payments_order', 'payments', ['order_id']);

  await createKeyedTable(db, 'order_events')
    .$call(references({ order_id: 'orders.id' }))
    .addColumn('from_status', 'text')
    .$call(required('text', 'to_status', 'source'))
    .$call(withDefaults('text', { note: '' }))
    .$call(required('text', 'created_at'))
    .execute();
  await createIndex(db, 'order_events_order', 'order_events', ['order_id', 'created_at']);

  await db.schema
    .createTable('webhook_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .$call(required('text', 'event_type', 'received_at'))
    .execute();

  await createKeyedTable(db, 'refunds')
    .$call(references({ order_id: 'orders.id' }))
    .$call(required('text', 'gateway_payment_id'))
    .addColumn('gateway_refund_id', 'text', (col) => col.unique())
    .$call(required('integer', 'amount_paise'))
    .$call(required('text', 'status', 'created_at'))
    .execute();

  // The sandbox gateway's own books: what Razorpay would hold for a test-mode account.
  await createKeyedTable(db, 'sandbox_orders')
    .$call(required('integer', 'amount'))
    .$call(required('text', 'currency', 'receipt', 'notes', 'status', 'created_at'))
    .execute();
  await createKeyedTable(db, 'sandbox_payments')
    .$call(references({ order_id: 'sandbox_orders.id' }))
    .$call(required('integer', 'amount'))
    .$call(required('text', 'status'))
    .$call(withDefaults('integer', { amount_refunded: 0 }))
    .$call(required('text', 'created_at'))
    .execute();
  await createIndex(db, 'sandbox_payments_order', 'sandbox_payments', ['order_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'sandbox_payments',
    'sandbox_orders',
    'refunds',
    'webhook_events',
    'order_events',
    'payments',
    'order_lines',
    'orders',
  );
}
