import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // A course is bought once: one row per course, quantity 1.
  await db.schema
    .createTable('cart_items')
    .addColumn('cart_id', 'text', (col) => col.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1).check(sql`quantity = 1`))
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'course_id'])
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('code_lower', 'text', (col) => col.notNull().unique())
    .addColumn('percent', 'integer', (col) => col.notNull().check(sql`percent between 1 and 100`))
    .addColumn('starts_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('max_uses', 'integer', (col) => col.check(sql`max_uses > 0`))
    .addColumn('max_uses_per_user', 'integer', (col) => col.check(sql`max_uses_per_user > 0`))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // One row per order that used a coupon; the total and per-user limits count these rows.
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('coupon_id', 'text', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) => col.unique())
    .addColumn('redeemed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_coupon_user')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'user_id'])
    .execute();

  // Who owns which course. The checkout fills it; the unique pair makes a double grant impossible.
  await db.schema
    .createTable('enrolments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id'))
    .addColumn('order_id', 'text')
    .addColumn('granted_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addUniqueConstraint('enrolments_user_course', ['user_id', 'course_id'])
    .execute();
  await db.schema.createIndex('enrolments_course').on('enrolments').column('course_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enrolments').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
  await db.schema.dropTable('cart_items').execute();
  await db.schema.dropTable('carts').execute();
}
