import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { optional, references, required, timestamps, withDefaults } from './table-columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'carts')
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .$call(timestamps)
    .execute();

  // A course is bought once: one row per course, quantity 1.
  await db.schema
    .createTable('cart_items')
    .$call(references({ cart_id: 'carts.id', course_id: 'courses.id' }, 'cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1).check(sql`quantity = 1`))
    .$call(required('text', 'added_at'))
    .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'course_id'])
    .execute();

  await createKeyedTable(db, 'coupons')
    .$call(required('text', 'code'))
    .addColumn('code_lower', 'text', (col) => col.notNull().unique())
    .addColumn('percent', 'integer', (col) => col.notNull().check(sql`percent between 1 and 100`))
    .$call(optional('text', 'starts_at', 'expires_at'))
    .addColumn('max_uses', 'integer', (col) => col.check(sql`max_uses > 0`))
    .addColumn('max_uses_per_user', 'integer', (col) => col.check(sql`max_uses_per_user > 0`))
    .$call(withDefaults('integer', { active: 1 }))
    .$call(timestamps)
    .execute();

  // One row per order that used a coupon; the total and per-user limits count these rows.
  await createKeyedTable(db, 'coupon_redemptions')
    .$call(references({ coupon_id: 'coupons.id', user_id: 'users.id' }, 'cascade'))
    .addColumn('order_id', 'text', (col) => col.unique())
    .$call(required('text', 'redeemed_at'))
    .execute();
  await createIndex(db, 'coupon_redemptions_coupon_user', 'coupon_redemptions', ['coupon_id', 'user_id']);

  // Who owns which course. The checkout fills it; the unique pair makes a double grant impossible.
  await createKeyedTable(db, 'enrolments')
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(references({ course_id: 'courses.id' }))
    .addColumn('order_id', 'text')
    .$call(required('text', 'granted_at'))
    .addColumn('revoked_at', 'text')
    .addUniqueConstraint('enrolments_user_course', ['user_id', 'course_id'])
    .execute();
  await createIndex(db, 'enrolments_course', 'enrolments', ['course_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'enrolments', 'coupon_redemptions', 'coupons', 'cart_items', 'carts');
}
