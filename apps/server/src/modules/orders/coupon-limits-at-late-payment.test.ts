import { messages } from '@shop/shared';
import { expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { orderEvents, refundMailsQueued } from '../../../test/order-records.js';
import { demoLines, newCoupon, orderStatus, usePaymentsShop } from '../../../test/payments-kit.js';

// find-unfulfillable.ts: a superseded order stays payable at the gateway, so when its payment arrives
// its coupon is counted again. Uses held by other orders count: paid ones, and other buyers' orders
// awaiting payment; this buyer's own unpaid orders do not (as at checkout). Over the coupon's limits,
// the payment is refunded instead of granting the courses.

const [c1, c2, c3] = demoLines;

const { t, fake, post } = usePaymentsShop('file');

const coupon = (limits: { maxUses?: number; maxUsesPerUser?: number }) => newCoupon(t.database.db, 'LATE', 50, limits);
/** Empties the buyer's cart, fills it with this course and checks out, with the coupon or without. */
async function checkout(user: TestUser, course: { id: string; rupees: number }, couponId: string | null) {
  for (const other of [c1, c2, c3]) await post('/api/cart/remove', user, { courseId: other.id });
  await post('/api/cart/add', user, { courseId: course.id });
  const res = await post('/api/create-order', user, {
    amount: couponId ? course.rupees / 2 : course.rupees,
    name: 'Asha Patel',
    email: user.email,
    discountCouponId: couponId,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { orderId: string; order_id: string };
}
/** The buyer's window pays the order and its confirmation reaches the shop. */
const pay = async (user: TestUser, order: { order_id: string }) => {
  const res = await post('/api/verify-payment', user, fake.pay(order.order_id));
  expect(res.statusCode).toBe(200);
  return res.json().message as string;
};
const status = (orderId: string) => orderStatus(t.database.db, orderId);
const refundNote = async (orderId: string) =>
  (await orderEvents(t.database.db, orderId, ['note'], { toStatus: 'paid' }))[0]?.note;

it("the buyer's own newer unpaid order does not use up the coupon; once one of the two is paid, the other is refunded", async () => {
  const { id, code } = await coupon({ maxUses: 1 });
  const user = await createSignedInUser(t.database.db);
  const first = await checkout(user, c1, id);
  const second = await checkout(user, c2, id);
  expect(await status(first.orderId)).toBe('expired');

  expect(await pay(user, first)).toBe(messages.paymentSuccess);
  expect(await status(first.orderId)).toBe('paid');
  expect(await pay(user, second)).toBe(messages.paymentRefundedUnfulfillable);
  expect(await status(second.orderId)).toBe('refunded');
  expect(await refundNote(second.orderId)).toMatch(
    new RegExp(`refund due: coupon ${code} has no uses left for this order$`),
  );
});

it("another buyer's order awaiting payment holds the coupon's last use: a late payment is refunded", async () => {
  for (const state of ['created', 'attempted'] as const) {
    const { id } = await coupon({ maxUses: 1 });
    const user = await createSignedInUser(t.database.db);
    const late = await checkout(user, c1, id);
    await checkout(user, c2, null);
    const other = await createSignedInUser(t.database.db);
    const held = await checkout(other, c1, id);
    await t.database.db.updateTable('orders').set({ status: state }).where('id', '=', held.orderId).execute();

    expect(await pay(user, late)).toBe(messages.paymentRefundedUnfulfillable);
    expect(await status(late.orderId)).toBe('refunded');
  }
});

it("an expired, failed or refunded order's use is not counted", async () => {
  const { id } = await coupon({ maxUses: 4 });
  const ended = [];
  for (const course of [c1, c2, c3]) {
    const other = await createSignedInUser(t.database.db);
    ended.push((await checkout(other, course, id)).orderId);
  }
  const buyer = await createSignedInUser(t.database.db);
  const late = await checkout(buyer, c1, id);
  await checkout(buyer, c2, null);
  // Those orders ended without a sale, and the operator lowered the coupon to one use meanwhile.
  for (const [index, state] of (['expired', 'failed', 'refunded'] as const).entries()) {
    await t.database.db
      .updateTable('orders')
      .set({ status: state })
      .where('id', '=', ended[index] ?? '')
      .execute();
  }
  await t.database.db.updateTable('coupons').set({ max_uses: 1 }).where('id', '=', id).execute();
  expect(await pay(buyer, late)).toBe(messages.paymentSuccess);
  expect(await status(late.orderId)).toBe('paid');
});

it('a coupon limited per buyer only: other buyers’ uses do not count, the buyer’s own paid use does', async () => {
  const { id } = await coupon({ maxUsesPerUser: 1 });
  const other = await createSignedInUser(t.database.db);
  expect(await pay(other, await checkout(other, c1, id))).toBe(messages.paymentSuccess);

  const user = await createSignedInUser(t.database.db);
  const first = await checkout(user, c1, id);
  const second = await checkout(user, c2, id);
  expect(await pay(user, first)).toBe(messages.paymentSuccess);
  expect(await pay(user, second)).toBe(messages.paymentRefundedUnfulfillable);
});

it('a coupon with uses to spare is honoured for a late payment', async () => {
  const { id } = await coupon({ maxUses: 3, maxUsesPerUser: 2 });
  const other = await createSignedInUser(t.database.db);
  expect(await pay(other, await checkout(other, c3, id))).toBe(messages.paymentSuccess);
  const user = await createSignedInUser(t.database.db);
  const first = await checkout(user, c1, id);
  const second = await checkout(user, c2, id);
  expect(await pay(user, second)).toBe(messages.paymentSuccess);
  expect(await pay(user, first)).toBe(messages.paymentSuccess);
  expect(await status(first.orderId)).toBe('paid');
});

it('a course already owned through another order is named in the history, all of them', async () => {
  const user = await createSignedInUser(t.database.db);
  for (const course of [c1, c2]) await post('/api/cart/add', user, { courseId: course.id });
  const both = await post('/api/create-order', user, {
    amount: c1.rupees + c2.rupees,
    name: 'Asha Patel',
    email: user.email,
    discountCouponId: null,
  });
  const first = both.json() as { orderId: string; order_id: string };
  await post('/api/cart/add', user, { courseId: c3.id });
  const second = await post('/api/create-order', user, {
    amount: c1.rupees + c2.rupees + c3.rupees,
    name: 'Asha Patel',
    email: user.email,
    discountCouponId: null,
  });
  expect(await pay(user, second.json())).toBe(messages.paymentSuccess);
  expect(await pay(user, first)).toBe(messages.paymentRefundedUnfulfillable);
  const titles = [c1.title, c2.title];
  const note = await refundNote(first.orderId);
  expect([
    `refund due: the buyer already owns ${titles.join(', ')} through another order`,
    `refund due: the buyer already owns ${[...titles].reverse().join(', ')} through another order`,
  ]).toContain(note.slice(note.indexOf('refund due')));
  // The buyer's refund e-mail names them too.
  const mails = await refundMailsQueued(t.database.db, user.email, ['text_body']);
  expect(mails).toHaveLength(1);
  expect(
    [titles, [...titles].reverse()].some((order) =>
      mails[0]?.text_body.includes(`you already own ${order.join(', ')} through another order`),
    ),
  ).toBe(true);
});
