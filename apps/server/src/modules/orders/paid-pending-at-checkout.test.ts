import { messages } from '@shop/shared';
import { expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { orderEvents } from '../../../test/order-records.js';
import { demoLines, usePaymentsShop } from '../../../test/payments-kit.js';

// settle-paid-pending.ts: before a checkout reuses or supersedes the buyer's open orders, the gateway is
// asked whether one of them was paid after all (its verify call and webhook both lost). Only this buyer's
// open gateway orders are asked about, and only a captured payment of the order's full amount settles one.
// A fresh app per test, so every test compiles the prepared statements it runs.

const [c1, c2] = demoLines;

const { t, fake, post } = usePaymentsShop('test');

const checkout = (user: TestUser, rupees: number) =>
  post('/api/create-order', user, { amount: rupees, name: 'Asha Patel', email: user.email });
async function buyerWithOpenOrder() {
  const user = await createSignedInUser(t.database.db);
  await post('/api/cart/add', user, { courseId: c1.id });
  const res = await checkout(user, c1.rupees);
  expect(res.statusCode).toBe(200);
  return { user, ...(res.json() as { orderId: string; order_id: string }) };
}
const order = (orderId: string) =>
  t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const enrolled = async (userId: string) =>
  (await t.database.db.selectFrom('enrolments').select('course_id').where('user_id', '=', userId).execute()).map(
    (row) => row.course_id,
  );

it('a captured payment found at checkout fulfils that order, recorded as found at checkout, and the cart is re-priced', async () => {
  const { user, orderId, order_id } = await buyerWithOpenOrder();
  const paid = fake.pay(order_id);
  await post('/api/cart/add', user, { courseId: c2.id });
  const res = await checkout(user, c1.rupees + c2.rupees);
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toBe(messages.cartTotalChanged);
  expect((await order(orderId)).status).toBe('paid');
  expect(await enrolled(user.id)).toEqual([c1.id]);
  const paidEvents = await orderEvents(t.database.db, orderId, ['source', 'note'], { toStatus: 'paid' });
  expect(paidEvents).toEqual([{ source: 'checkout', note: `payment ${paid.razorpay_payment_id}` }]);
  const payment = await t.database.db
    .selectFrom('payments')
    .select(['gateway_payment_id', 'amount_paise'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  expect(payment).toEqual({ gateway_payment_id: paid.razorpay_payment_id, amount_paise: c1.rupees * 100 });
});

it('an order whose attempt failed before it was paid is settled too', async () => {
  const { user, orderId, order_id } = await buyerWithOpenOrder();
  await t.database.db.updateTable('orders').set({ status: 'attempted' }).where('id', '=', orderId).execute();
  fake.pay(order_id, 'failed');
  fake.pay(order_id);
  const res = await checkout(user, c1.rupees);
  expect(res.statusCode).toBe(409);
  expect((await order(orderId)).status).toBe('paid');
});

it('a failed payment, or a captured one of another amount, settles nothing: the checkout goes on', async () => {
  const failed = await buyerWithOpenOrder();
  fake.pay(failed.order_id, 'failed');
  const again = await checkout(failed.user, c1.rupees);
  expect(again.statusCode).toBe(200);
  expect(again.json().orderId).toBe(failed.orderId);
  expect(await enrolled(failed.user.id)).toEqual([]);

  const short = await buyerWithOpenOrder();
  const paid = fake.pay(short.order_id);
  const payment = fake.payments.get(paid.razorpay_payment_id);
  if (payment) payment.amount -= 100;
  const next = await checkout(short.user, c1.rupees);
  expect(next.statusCode).toBe(200);
  expect((await order(short.orderId)).status).toBe('created');
  expect(await enrolled(short.user.id)).toEqual([]);
});

it("another buyer's paid order is not settled by my checkout, and only open orders are asked about", async () => {
  const other = await buyerWithOpenOrder();
  fake.pay(other.order_id);
  const mine = await buyerWithOpenOrder();
  const before = fake.requests.length;
  // My open order is reused: the gateway is asked about it alone.
  const res = await checkout(mine.user, c1.rupees);
  expect(res.statusCode).toBe(200);
  expect(res.json().orderId).toBe(mine.orderId);
  expect(fake.requests.slice(before).map((request) => request.path)).toEqual([`/v1/orders/${mine.order_id}/payments`]);
  expect((await order(other.orderId)).status).toBe('created');
  expect(await enrolled(other.user.id)).toEqual([]);

  // Once it is paid through its verify call, it is no longer asked about.
  const paid = fake.pay(mine.order_id);
  expect((await post('/api/verify-payment', mine.user, paid)).statusCode).toBe(200);
  await post('/api/cart/add', mine.user, { courseId: c2.id });
  const after = fake.requests.length;
  expect((await checkout(mine.user, c2.rupees)).statusCode).toBe(200);
  expect(fake.requests.slice(after).map((request) => request.path)).toEqual(['/v1/orders']);
});
