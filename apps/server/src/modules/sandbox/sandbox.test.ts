import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { seedDemo } from '../../db/seed.js';
import { demoCourses } from '../../db/seed-courses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

it('takes one payment per order: paying a paid order again is refused with 409, as Razorpay does', async () => {
  const user = await createSignedInUser(t.database.db);
  const headers = { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin };
  const course = demoCourses[0];
  await t.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId: course?._id } });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: { amount: course?.price, name: 'Asha', email: user.email },
  });
  expect(order.statusCode).toBe(200);
  const pay = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      headers,
      payload: { order_id: order.json().order_id, outcome: 'captured' },
    });
  expect((await pay()).statusCode).toBe(200);
  const second = await pay();
  expect(second.statusCode).toBe(409);
  expect(second.json()).toEqual({ ok: false, message: 'This order has already been paid' });
  const captured = await t.database.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('order_id', '=', order.json().order_id)
    .execute();
  expect(captured).toHaveLength(1);
});
