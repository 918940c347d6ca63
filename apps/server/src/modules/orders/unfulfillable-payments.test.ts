import { messages } from '@shop/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { auditLedger } from '../../../../../reliability/support/ledger.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { deliveredRefundMails, orderEvents, refundMailsQueued } from '../../../test/order-records.js';
import { activeCourseIds, type DemoLine, demoLines, orderStatus, usePaymentsShop } from '../../../test/payments-kit.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { createCoupon } from '../coupons/create-coupon.js';
import { reconcilePayments } from './reconcile-payments.js';

// Issue 12 item 8: a superseded checkout stays payable at the gateway (another tab, an old Razorpay
// window). Whatever confirms its payment, the buyer must not pay twice for a course and a coupon must
// not go over its limits: such a payment is recorded, refunded through the gateway once, and mailed.

const log = pino({ level: 'silent' });
const [c1, c2, c3] = demoLines;

const { t, fake, origin, deliver } = usePaymentsShop('file');

const call = (url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: origin() },
    ...(payload ? { payload } : {}),
  });
const addToCart = async (user: TestUser, courseId: string) =>
  expect((await call('/api/cart/add', user, { courseId })).statusCode).toBe(200);

async function checkout(user: TestUser, rupees: number, discountCouponId: string | null = null) {
  const res = await call('/api/create-order', user, {
    amount: rupees,
    name: 'Asha Patel',
    email: user.email,
    discountCouponId,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { orderId: string; order_id: string };
}
const activeCourses = (userId: string) => activeCourseIds(t.database.db, userId);
const status = (orderId: string) => orderStatus(t.database.db, orderId);
const refundsAtGateway = (paymentId: string) => fake.refunds.filter((refund) => refund.payment_id === paymentId);
/** Refund e-mails queued for this buyer (sent or not). */
const refundMailCount = async (email: string) => (await refundMailsQueued(t.database.db, email, ['subject'])).length;

/** The refund e-mails this buyer received, as delivered to the dev outbox (bodies decoded). */
const refundMails = (email: string) => deliveredRefundMails(t, email);

/**
 * A buyer checks out `firstCourse` alone, adds `added` and checks out again (superseding the first
 * order) and pays the second order; the first order is then paid at the gateway, not yet confirmed here.
 */
async function firstPaidAfterSecond(firstCourse: DemoLine, added: DemoLine) {
  const user = await createSignedInUser(t.database.db);
  await addToCart(user, firstCourse.id);
  const first = await checkout(user, firstCourse.rupees);
  await addToCart(user, added.id);
  const second = await checkout(user, firstCourse.rupees + added.rupees);
  const paidSecond = fake.pay(second.order_id);
  expect((await call('/api/verify-payment', user, paidSecond)).json().message).toBe(messages.paymentSuccess);
  const paidFirst = fake.pay(first.order_id);
  return { user, first, second, paidSecond, paidFirst };
}

/** Delivers the payment's captured webhook while the gateway refuses every call, so no refund can be made then. */
async function capturedWhileGatewayDown(paymentId: string) {
  fake.mode = 'down';
  try {
    expect(
      (await deliver(fake.webhook('payment.captured', { payment: fake.payments.get(paymentId) }))).statusCode,
    ).toBe(200);
  } finally {
    fake.mode = 'up';
  }
}

describe('a payment for a superseded checkout', () => {
  it('two checkouts, both paid: one enrolment, the second payment refunded once, mailed, in the history', async () => {
    const user = await createSignedInUser(t.database.db);
    await addToCart(user, c1.id);
    await addToCart(user, c2.id);
    const first = await checkout(user, c1.rupees + c2.rupees);
    await addToCart(user, c3.id);
    const second = await checkout(user, c1.rupees + c2.rupees + c3.rupees);
    expect(await status(first.orderId)).toBe('expired');

    // The old window pays the first order, the new one the second.
    const paidFirst = fake.pay(first.order_id);
    const paidSecond = fake.pay(second.order_id);
    expect((await call('/api/verify-payment', user, paidFirst)).json().message).toBe(messages.paymentSuccess);
    const verified = await call('/api/verify-payment', user, paidSecond);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(messages.paymentRefundedUnfulfillable);

    expect(await status(first.orderId)).toBe('paid');
    expect(await status(second.orderId)).toBe('refunded');
    expect(await activeCourses(user.id)).toEqual([c1.id, c2.id].sort());
    const [refund] = refundsAtGateway(paidSecond.razorpay_payment_id);
    expect(refund?.amount).toBe((c1.rupees + c2.rupees + c3.rupees) * 100);

    // Replays from every path refund nothing more.
    const entity = fake.payments.get(paidSecond.razorpay_payment_id);
    for (let i = 0; i < 3; i++) expect((await call('/api/verify-payment', user, paidSecond)).statusCode).toBe(200);
    expect((await deliver(fake.webhook('payment.captured', { payment: entity }))).statusCode).toBe(200);
    await Promise.all([
      call('/api/verify-payment', user, paidSecond),
      deliver(fake.webhook('order.paid', { payment: entity, order: fake.orders.get(second.order_id) })),
    ]);
    await reconcilePayments(t.app.deps, log, new Date(Date.now() + 20 * 60_000));
    expect(refundsAtGateway(paidSecond.razorpay_payment_id)).toHaveLength(1);
    expect(refundsAtGateway(paidFirst.razorpay_payment_id)).toHaveLength(0);
    expect(await activeCourses(user.id)).toEqual([c1.id, c2.id].sort());

    expect(await refundMailCount(user.email)).toBe(1);
    const mails = await refundMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(second.orderId);
    expect(mails[0]).toContain('you already own');

    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const detail = (await call(`/api/admin/orders/${second.orderId}`, admin)).json().order;
    const history = detail.events.map((e: { toStatus: string; note: string }) => `${e.toStatus}: ${e.note}`);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^paid: payment .*refund due: the buyer already owns/),
        expect.stringMatching(/^refunded: refund rfnd_.*automatic/),
      ]),
    );
    expect(detail.refunds).toHaveLength(1);
  });

  it('both payments confirmed at the same moment: one order grants, the other is refunded', async () => {
    const user = await createSignedInUser(t.database.db);
    await addToCart(user, c1.id);
    const first = await checkout(user, c1.rupees);
    await addToCart(user, c3.id);
    const second = await checkout(user, c1.rupees + c3.rupees);
    const payments = [fake.pay(first.order_id), fake.pay(second.order_id)];
    const answers = await Promise.all(
      [...payments, ...payments].map((payment) => call('/api/verify-payment', user, payment)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const statuses = [await status(first.orderId), await status(second.orderId)].sort();
    expect(statuses).toEqual(['paid', 'refunded']);
    const refunded = fake.refunds.filter((refund) =>
      payments.some((payment) => payment.razorpay_payment_id === refund.payment_id),
    );
    expect(refunded).toHaveLength(1);
    const firstWon = (await status(first.orderId)) === 'paid';
    expect(await activeCourses(user.id)).toEqual(firstWon ? [c1.id] : [c1.id, c3.id].sort());
  });

  it('a 1-use coupon paid through a superseded order by webhook: refunded, the coupon keeps one paid use', async () => {
    const code = `LIMIT${Date.now().toString(36).toUpperCase()}`;
    const coupon = await createCoupon(t.database.db, { code, percent: 50, maxUses: 1, maxUsesPerUser: 1 });
    const user = await createSignedInUser(t.database.db);
    await addToCart(user, c1.id);
    const first = await checkout(user, c1.rupees / 2, coupon.id);
    expect((await call('/api/cart/remove', user, { courseId: c1.id })).statusCode).toBe(200);
    await addToCart(user, c2.id);
    const second = await checkout(user, c2.rupees / 2, coupon.id);

    const paidSecond = fake.pay(second.order_id);
    expect((await call('/api/verify-payment', user, paidSecond)).statusCode).toBe(200);
    const paidFirst = fake.pay(first.order_id);
    const hook = fake.webhook('payment.captured', { payment: fake.payments.get(paidFirst.razorpay_payment_id) });
    expect((await deliver(hook)).statusCode).toBe(200);

    expect(await status(first.orderId)).toBe('refunded');
    expect(await status(second.orderId)).toBe('paid');
    expect(await activeCourses(user.id)).toEqual([c2.id]);
    expect(refundsAtGateway(paidFirst.razorpay_payment_id)).toHaveLength(1);
    const uses = await t.database.db
      .selectFrom('coupon_redemptions')
      .innerJoin('orders', 'orders.id', 'coupon_redemptions.order_id')
      .select('orders.id')
      .where('coupon_redemptions.coupon_id', '=', coupon.id)
      .where('orders.status', '=', 'paid')
      .execute();
    expect(uses.map((use) => use.id)).toEqual([second.orderId]);
    const [mail] = await refundMails(user.email);
    expect(mail).toContain(`coupon ${code} had been used up`);
  });

  it('found by reconciliation alone: the payment of an order left behind is refunded', async () => {
    const user = await createSignedInUser(t.database.db);
    await addToCart(user, c3.id);
    const first = await checkout(user, c3.rupees);
    // The same cart after its order's reuse window: a new order is opened and the first one left behind.
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 40 * 60_000).toISOString() })
      .where('id', '=', first.orderId)
      .execute();
    const second = await checkout(user, c3.rupees);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await call('/api/verify-payment', user, fake.pay(second.order_id))).statusCode).toBe(200);
    const paidFirst = fake.pay(first.order_id);

    await reconcilePayments(t.app.deps, log, new Date(Date.now() + 20 * 60_000));
    expect(await status(first.orderId)).toBe('refunded');
    expect(refundsAtGateway(paidFirst.razorpay_payment_id)).toHaveLength(1);
    expect(await activeCourses(user.id)).toEqual([c3.id]);
    expect(await refundMailCount(user.email)).toBe(1);
  });

  it('with the gateway down when the refund is due, a later reconciliation pass refunds it, once', async () => {
    const { user, first, paidFirst } = await firstPaidAfterSecond(c2, c3);
    await capturedWhileGatewayDown(paidFirst.razorpay_payment_id);
    expect(await status(first.orderId)).toBe('paid');
    expect(refundsAtGateway(paidFirst.razorpay_payment_id)).toHaveLength(0);
    expect(await activeCourses(user.id)).toEqual([c2.id, c3.id].sort());

    const report = await reconcilePayments(t.app.deps, log);
    expect(report.refunded).toBe(1);
    expect(await status(first.orderId)).toBe('refunded');
    await reconcilePayments(t.app.deps, log);
    expect(refundsAtGateway(paidFirst.razorpay_payment_id)).toHaveLength(1);
    expect(await refundMailCount(user.email)).toBe(1);
    expect(await activeCourses(user.id)).toEqual([c2.id, c3.id].sort());
  });

  it('a refund the gateway refuses stays due, mailed to nobody, until a reconciliation pass gets it through', async () => {
    const { user, first, paidSecond, paidFirst } = await firstPaidAfterSecond(c1, c2);
    const atGateway = fake.payments.get(paidFirst.razorpay_payment_id);
    if (!atGateway) throw new Error('no payment at the gateway');
    const hook = fake.webhook('payment.captured', { payment: { ...atGateway } });
    // Razorpay refuses the refund for now (as when the account's balance cannot cover it): a 400.
    atGateway.status = 'failed';
    expect((await deliver(hook)).statusCode).toBe(200);
    expect(await status(first.orderId)).toBe('paid');
    const refundRow = () =>
      t.database.db
        .selectFrom('refunds')
        .select(['status', 'gateway_refund_id', 'amount_paise'])
        .where('order_id', '=', first.orderId)
        .executeTakeFirstOrThrow();
    expect(await refundRow()).toEqual({ status: 'pending', gateway_refund_id: null, amount_paise: c1.rupees * 100 });
    // A replayed confirmation says the money is being given back; the good order still says paid.
    expect((await call('/api/verify-payment', user, paidFirst)).json().message).toBe(
      messages.paymentRefundedUnfulfillable,
    );
    expect((await call('/api/verify-payment', user, paidSecond)).json().message).toBe(messages.paymentSuccess);
    expect((await reconcilePayments(t.app.deps, log)).refunded).toBe(0);
    expect(await status(first.orderId)).toBe('paid');
    expect(refundsAtGateway(paidFirst.razorpay_payment_id)).toHaveLength(0);
    expect(await refundMailCount(user.email)).toBe(0);

    atGateway.status = 'captured';
    expect((await reconcilePayments(t.app.deps, log)).refunded).toBe(1);
    const [refund] = refundsAtGateway(paidFirst.razorpay_payment_id);
    expect(await refundRow()).toEqual({
      status: 'processed',
      gateway_refund_id: refund?.id,
      amount_paise: c1.rupees * 100,
    });
    expect(await status(first.orderId)).toBe('refunded');
    const history = await orderEvents(t.database.db, first.orderId, ['from_status', 'source'], {
      toStatus: 'refunded',
    });
    expect(history).toEqual([{ from_status: 'paid', source: 'reconcile' }]);
    const mails = await refundMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`you already own ${demoCourses[0]?.title}`);
    expect(await activeCourses(user.id)).toEqual([c1.id, c2.id].sort());
  });

  it('a refund retried after its reason has gone explains itself in general terms', async () => {
    const { user, first, second, paidSecond, paidFirst } = await firstPaidAfterSecond(c3, c1);
    await capturedWhileGatewayDown(paidFirst.razorpay_payment_id);
    // Meanwhile the operator refunds the order that granted the course: the buyer owns it no more.
    const entity = fake.payments.get(paidSecond.razorpay_payment_id);
    const amount = (c1.rupees + c3.rupees) * 100;
    const refunded = fake.webhook('refund.processed', {
      refund: { id: `rfnd_op${Date.now()}`, entity: 'refund', amount, payment_id: entity?.id, status: 'processed' },
      payment: { ...entity, status: 'refunded', amount_refunded: amount },
    });
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect(await status(second.orderId)).toBe('refunded');
    expect(await activeCourses(user.id)).toEqual([]);

    expect((await reconcilePayments(t.app.deps, log)).refunded).toBe(1);
    expect(await status(first.orderId)).toBe('refunded');
    const mails = (await refundMails(user.email)).filter((mail) => mail.includes(first.orderId));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('could no longer be fulfilled, so nothing was added to your account');
  });

  it("after all of the above, the reliability ledger's money rules hold on these books", async () => {
    const ledger = await auditLedger(t.database.db);
    expect(ledger.refundedOrders).toBeGreaterThanOrEqual(5);
    expect(ledger.problems).toEqual([]);
  });
});
