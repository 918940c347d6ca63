import { expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser } from '../../../test/helpers.js';
import { buy, openOrder, payInSandbox, verifyPayment } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';

const t = useTestApp(createDemoShopApp);
const [c1, c2, c3] = demoCourses;

it("GET /api/orders lists the learner's own orders, newest first, with courses, amount, status and documents", async () => {
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const first = await buy(t, [c1?._id ?? '']);
  const headers = first.headers;
  // A second purchase by the same learner, then refunded by the operator.
  await t.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId: c2?._id } });
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: { amount: c2?.price, name: 'Asha Patel', email: first.user.email },
  });
  const opened = { ...first, orderId: second.json().orderId, gatewayOrderId: second.json().order_id };
  expect((await verifyPayment(t, opened, await payInSandbox(t, opened))).statusCode).toBe(200);
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${opened.orderId}/refund`,
    headers: { cookie: admin.cookie, origin: new URL(t.config.publicUrl).origin },
  });
  expect(refund.statusCode).toBe(200);
  const someoneElse = await openOrder(t, [c3?._id ?? '']);

  const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: first.user.cookie } });
  expect(res.statusCode).toBe(200);
  const { orders } = res.json();
  expect(orders.map((order: { id: string }) => order.id)).toEqual([opened.orderId, first.orderId]);
  expect(orders[0]).toMatchObject({
    status: 'refunded',
    amountPaise: (c2?.price ?? 0) * 100,
    courses: [{ id: c2?._id, title: c2?.title }],
    invoiceNumber: expect.stringMatching(/^TS\//),
    creditNoteNumber: expect.stringMatching(/^TSC\//),
  });
  expect(orders[1]).toMatchObject({
    status: 'paid',
    invoiceNumber: expect.stringMatching(/^TS\//),
    creditNoteNumber: null,
  });
  expect(new Date(orders[1].createdAt).getTime()).toBeLessThanOrEqual(new Date(orders[0].createdAt).getTime());

  const other = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: someoneElse.user.cookie } });
  expect(other.json().orders).toEqual([
    expect.objectContaining({ id: someoneElse.orderId, status: 'created', invoiceNumber: null }),
  ]);
  expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
});
