import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInUser, createTestDatabase, type TestDatabase } from '../../../test/helpers.js';
import { demoLines } from '../../../test/payments-kit.js';
import { seedDemo } from '../../seed/seed.js';
import { down, up } from './023-payment-provider-in-code.js';

// Migration 023 on the engine this run uses (SQLite rebuilds the orders table, PostgreSQL drops the
// constraint): the provider's name leaves the database's CHECK, and an order and what hangs on it survive.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(() => database.close());

const order = (id: string, userId: string, gateway: string) => ({
  id,
  user_id: userId,
  status: 'paid' as const,
  subtotal_paise: 100,
  discount_paise: 0,
  total_paise: 100,
  coupon_id: null,
  coupon_code: null,
  discount_percent: 0,
  gateway,
  gateway_order_id: `order_${id}`,
  cart_fingerprint: 'f',
  billing_name: 'Asha',
  billing_email: 'asha@example.com',
  created_at: '2026-11-23T00:00:00.000Z',
  updated_at: '2026-11-23T00:00:00.000Z',
  paid_at: null,
  refunded_at: null,
});

it('down, the database refuses a new provider; up, it takes one and keeps every order, line and index', async () => {
  const { db } = database;
  const raw = db as unknown as Kysely<unknown>;
  const user = await createSignedInUser(db);
  const [course] = demoLines;
  await down(raw);
  await expect(
    db
      .insertInto('orders')
      .values(order('o-upi-0', user.id, 'upi'))
      .execute(),
  ).rejects.toThrow();
  await db
    .insertInto('orders')
    .values(order('o-rzp', user.id, 'razorpay'))
    .execute();
  await db
    .insertInto('order_lines')
    .values({ id: 'l-1', order_id: 'o-rzp', course_id: course?.id ?? '', title: 'T', unit_price_paise: 100 })
    .execute();

  await up(raw);
  await db
    .insertInto('orders')
    .values(order('o-upi', user.id, 'upi'))
    .execute();
  const kept = await db.selectFrom('orders').select(['id', 'gateway']).orderBy('id').execute();
  expect(kept).toEqual([
    { id: 'o-rzp', gateway: 'razorpay' },
    { id: 'o-upi', gateway: 'upi' },
  ]);
  // The line still belongs to its order, and a line for no order is still refused (the foreign key holds).
  expect(await db.selectFrom('order_lines').select('order_id').execute()).toEqual([{ order_id: 'o-rzp' }]);
  await expect(
    db
      .insertInto('order_lines')
      .values({ id: 'l-2', order_id: 'nope', course_id: course?.id ?? '', title: 'T', unit_price_paise: 1 })
      .execute(),
  ).rejects.toThrow();
  // Unique gateway order ids still hold after the rebuild.
  await expect(
    db
      .insertInto('orders')
      .values({ ...order('o-dup', user.id, 'upi'), gateway_order_id: 'order_o-upi' })
      .execute(),
  ).rejects.toThrow();
});
