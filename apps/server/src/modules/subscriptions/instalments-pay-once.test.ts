import { adminInstalmentsResponse, messages, mySubscriptionsResponse, subscribeResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { activeCourseIds, demoLines, orderStatus, usePaymentsShop } from '../../../test/payments-kit.js';

// Decision 0038: a learner paying for a course in instalments never pays for it a second time by
// buying it outright. The cart refuses it, a checkout of a cart that held it before refuses, and a
// payment that arrives anyway (an order opened before the instalments began) goes back through the
// gateway once, with the course still theirs by the instalments alone.

const { t, fake, post, checkedOut } = usePaymentsShop('file');
const [c1, c2] = demoLines;
if (!c1 || !c2) throw new Error('the demo catalogue has fewer than two courses');

const admin = () => createSignedInUser(t.database.db, { role: 'admin' });

/** The console offers the course in 3 payments; the plan id. */
async function offered(courseId: string): Promise<string> {
  const res = await post(`/api/admin/courses/${courseId}/instalments`, await admin(), { count: 3, amount: 2000 });
  expect([200, 201]).toContain(res.statusCode);
  const planId = adminInstalmentsResponse.parse(res.json()).instalments?.planId;
  if (!planId) throw new Error('no instalment plan');
  return planId;
}

/** Subscribes to the instalment plan and authorises the first payment at the gateway's checkout. */
async function payingInInstalments(user: TestUser, planId: string) {
  const res = await post('/api/subscriptions', user, { planId });
  expect(res.statusCode, res.body).toBe(201);
  const made = subscribeResponse.parse(res.json());
  const { answer } = fake.authenticateSubscription(made.gatewaySubscriptionId);
  expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);
  return made;
}

const addToCart = (user: TestUser, courseId: string) => post('/api/cart/add', user, { courseId });

describe('a course paid in instalments is not sold again outright', () => {
  it('the cart refuses it (409, "My Memberships"), takes other courses, and a signed-in merge skips it', async () => {
    const planId = await offered(c1.id);
    const user = await createSignedInUser(t.database.db);
    await payingInInstalments(user, planId);
    const refused = await addToCart(user, c1.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.courseInInstalments);
    expect((await addToCart(user, c2.id)).statusCode).toBe(200);
    const merged = await post('/api/cart/merge', user, { courseIds: [c1.id, c2.id] });
    expect(merged.statusCode, merged.body).toBe(200);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: user.cookie } });
    expect(JSON.stringify(cart.json())).not.toContain(c1.id);
  });

  it('a cart that held it before the instalments began is refused at the checkout (409), nothing opened at the gateway', async () => {
    const planId = await offered(c1.id);
    const user = await createSignedInUser(t.database.db);
    expect((await addToCart(user, c1.id)).statusCode).toBe(200);
    await payingInInstalments(user, planId);
    const ordersBefore = fake.orders.size;
    const res = await post('/api/create-order', user, {
      amount: c1.rupees,
      name: 'Asha Patel',
      email: user.email,
      discountCouponId: null,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(messages.courseInInstalments);
    expect(fake.orders.size).toBe(ordersBefore);
  });

  it('an order opened before, paid after the instalments began: refunded once, no enrolment from it', async () => {
    const planId = await offered(c1.id);
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    await payingInInstalments(user, planId);
    const paid = fake.pay(order.order_id);
    const verified = await post('/api/verify-payment', user, paid);
    expect(verified.json().message).toBe(messages.paymentRefundedUnfulfillable);
    // Razorpay's webhook for the same payment afterwards changes nothing more.
    const again = fake.webhook('payment.captured', { payment: fake.payments.get(paid.razorpay_payment_id) });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/razorpay',
          headers: again.headers,
          payload: again.body,
        })
      ).statusCode,
    ).toBe(200);
    expect(fake.refunds.filter((refund) => refund.payment_id === paid.razorpay_payment_id)).toHaveLength(1);
    expect(await orderStatus(t.database.db, order.orderId)).not.toBe('paid');
    expect(await activeCourseIds(t.database.db, user.id)).toEqual([]);
  });

  it("My Memberships names a course's instalments by the offer's title and gives its course", async () => {
    const planId = await offered(c2.id);
    const user = await createSignedInUser(t.database.db);
    await payingInInstalments(user, planId);
    const res = await t.app.inject({ method: 'GET', url: '/api/my/subscriptions', headers: { cookie: user.cookie } });
    const [mine] = mySubscriptionsResponse.parse(res.json()).subscriptions;
    expect(mine).toMatchObject({ planId, planTitle: `${c2.title} in 3 monthly payments`, courseId: c2.id });
  });

  it('once the learner cancelled the instalments (nothing more to charge), the course may be bought outright', async () => {
    const planId = await offered(c1.id);
    const user = await createSignedInUser(t.database.db);
    const made = await payingInInstalments(user, planId);
    const cancelled = await post(`/api/my/subscriptions/${made.subscriptionId}/cancel`, user, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await addToCart(user, c1.id)).statusCode).toBe(200);
  });
});
