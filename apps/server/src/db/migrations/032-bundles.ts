import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { nonNegative, references, required, timestamps, withDefaults } from './table-columns.js';

/**
 * Issue 34 (bundles): several courses sold together at one price. The bundles module owns `bundles` and
 * `bundle_courses`; the cart owns `cart_bundles` (a bundle waiting in a signed-in cart); the orders module
 * owns `order_bundles` (the bundle as sold: one invoice line at its price) and `order_lines.bundle_id`, which
 * marks the course lines a bundle line grants (each course still has its own line, so enrolment, refunds
 * and "another paid order covers it" keep working course by course).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'bundles')
    .$call(required('text', 'title', 'description'))
    .$call(nonNegative('price_paise'))
    .$call(withDefaults('integer', { published: 0 }))
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable('bundle_courses')
    .$call(references({ bundle_id: 'bundles.id' }, 'cascade'))
    .$call(references({ course_id: 'courses.id' }))
    .$call(required('integer', 'position'))
    .addPrimaryKeyConstraint('bundle_courses_pk', ['bundle_id', 'course_id'])
    .execute();
  await createIndex(db, 'bundle_courses_course', 'bundle_courses', ['course_id']);

  await db.schema
    .createTable('cart_bundles')
    .$call(references({ cart_id: 'carts.id' }, 'cascade'))
    .$call(references({ bundle_id: 'bundles.id' }, 'cascade'))
    .$call(required('text', 'added_at'))
    .addPrimaryKeyConstraint('cart_bundles_pk', ['cart_id', 'bundle_id'])
    .execute();

  await db.schema
    .createTable('order_bundles')
    .$call(references({ order_id: 'orders.id' }, 'cascade'))
    .$call(required('text', 'bundle_id', 'title'))
    .$call(nonNegative('price_paise'))
    .$call(required('integer', 'position'))
    .addPrimaryKeyConstraint('order_bundles_pk', ['order_id', 'bundle_id'])
    .execute();

  await db.schema.alterTable('order_lines').addColumn('bundle_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('bundle_id').execute();
  await dropTables(db, 'order_bundles', 'cart_bundles', 'bundle_courses', 'bundles');
}
