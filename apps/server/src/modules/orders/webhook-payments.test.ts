import { formatPaise, messages } from '@shop/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { outboxMails } from '../../../test/dev-outbox.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { orderEvents } from '../../../test/order-records.js';
import {
  activeCourseIds,
  type DemoLine,
  demoLines,
  newCoupon,
  orderStatus,
  payAtFake,
  usePaymentsShop,
} from '../../../test/payments-kit.js';
import { hmacHex } from '../../auth/signatures.js';

// What Razorpay's webhooks do to an order, as Razorpay would send them: amounts that do not match,
// deliveries that fail and come again, payments after a failed attempt, refunds and buying again.
// A fresh app per test: fulfilment's compiled queries are built anew for each.

const [c1, c2] = demoLines;

const { t, fake, post, deliver, checkedOut: checkedOutAs } = usePaymentsShop('test');

const checkedOut = (user: TestUser, courses: DemoLine[], couponId: string | null = null, percent = 0) =>
  checkedOutAs(user, courses, { couponId, percent });
const status = (orderId: string) => orderStatus(t.database.db, orderId);
const enrolled = (userId: string) => activeCourseIds(t.database.db, userId);
const captured = (gatewayOrderId: string) => payAtFake(fake, gatewayOrderId);
/** A payment that fails at the gateway, and Razorpay's payment.failed webhook about it. */
function failedAttempt(gatewayOrderId: string) {
  const failed = fake.pay(gatewayOrderId, 'failed');
  return { failed, hook: fake.webhook('payment.failed', { payment: fake.payments.get(failed.razorpay_payment_id) }) };
}
function refunded(entity: NonNullable<ReturnType<typeof fake.payments.get>>, refundId: string) {
  entity.amount_refunded = entity.amount;
  entity.status = 'refunded';
  const refund = { id: refundId, payment_id: entity.id, amount: entity.amount };
  return fake.webhook('refund.processed', { refund, payment: entity });
}

describe('the paid amount', () => {
  it('a captured payment of another amount than the total grants nothing; the right amount then does', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = captured(order.order_id);
    for (const amount of [c1.paise - 1, c1.paise + 1, 100]) {
      const res = await deliver(fake.webhook('payment.captured', { payment: { ...entity, amount } }));
      expect(res.statusCode).toBe(200);
      expect(await status(order.orderId), String(amount)).toBe('created');
      expect(await enrolled(user.id)).toEqual([]);
    }
    expect((await deliver(fake.webhook('payment.captured', { payment: entity }))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
  });

  it('a webhook for an order we never made, or without a payment, changes nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = captured(order.order_id);
    const stranger = { ...entity, order_id: 'order_unknown000001' };
    expect((await deliver(fake.webhook('payment.captured', { payment: stranger }))).json()).toEqual({
      ok: true,
      duplicate: false,
    });
    expect((await deliver(fake.webhook('order.paid', { order: { id: order.order_id } }))).statusCode).toBe(200);
    expect((await deliver(fake.webhook('payment.authorized', { payment: entity }))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('created');
    expect(await enrolled(user.id)).toEqual([]);
  });
});

describe('deliveries', () => {
  it('an event whose processing failed is processed when Razorpay delivers it again', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const hook = fake.webhook('payment.captured', { payment: captured(order.order_id) });
    // A database hiccup while the event is applied: the enrolments table is briefly unreachable.
    await sql`alter table enrolments rename to enrolments_away`.execute(t.database.db);
    const failed = await deliver(hook);
    await sql`alter table enrolments_away rename to enrolments`.execute(t.database.db);
    expect(failed.statusCode).toBe(500);
    expect(await status(order.orderId)).toBe('created');

    const retried = await deliver(hook);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ ok: true, duplicate: false });
    expect(await status(order.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
    expect((await deliver(hook)).json()).toEqual({ ok: true, duplicate: true });
  });

  it('refuses a valid signature with one more hex digit appended, and remembers nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const hook = fake.webhook('payment.captured', { payment: captured(order.order_id) });
    const signature = hook.headers['x-razorpay-signature'] ?? '';
    for (const extra of ['0', 'f', '00']) {
      const res = await deliver({ ...hook, headers: { ...hook.headers, 'x-razorpay-signature': signature + extra } });
      expect(res.statusCode).toBe(400);
    }
    expect(await status(order.orderId)).toBe('created');
    expect((await deliver(hook)).json()).toEqual({ ok: true, duplicate: false });
    expect(await status(order.orderId)).toBe('paid');
  });

  it('a signed event with a missing or empty payload is acknowledged and changes nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    for (const event of ['payment.captured', 'order.paid', 'payment.failed', 'refund.processed', 'payment.dispute']) {
      for (const body of [JSON.stringify({ event }), JSON.stringify({ event, payload: {} })]) {
        const headers = {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(fake.webhookSecret, body),
        };
        const res = await deliver({ body, headers });
        expect(res.statusCode, body).toBe(200);
        expect(res.json()).toEqual({ ok: true, duplicate: false });
      }
    }
    expect(await status(order.orderId)).toBe('created');
  });

  it('an event without an event id is processed, and each delivery of it too', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const hook = fake.webhook('payment.captured', { payment: captured(order.order_id) });
    const { 'x-razorpay-event-id': _id, ...headers } = hook.headers;
    for (let i = 0; i < 2; i++) {
      const res = await deliver({ ...hook, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, duplicate: false });
    }
    expect(await status(order.orderId)).toBe('paid');
    const sources = await orderEvents(t.database.db, order.orderId, ['to_status', 'source'], { toStatus: 'paid' });
    expect(sources).toEqual([{ to_status: 'paid', source: 'webhook' }]);
    expect(await t.database.db.selectFrom('webhook_events').select('event_id').execute()).toEqual([]);
  });

  it('a signed body that is not JSON is refused with 400', async () => {
    const body = '{"event": "payment.captured", ';
    const headers = { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(fake.webhookSecret, body) };
    const res = await deliver({ body, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, message: 'The webhook body is not JSON.' });
  });
});

describe('paying after a failed attempt', () => {
  it('a captured payment after a failed one pays the order, once', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1, c2]);
    const { failed, hook: failure } = failedAttempt(order.order_id);
    expect((await deliver(failure)).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('attempted');
    const payments = await t.database.db
      .selectFrom('payments')
      .select(['gateway_payment_id', 'status', 'amount_paise'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(payments).toEqual([
      { gateway_payment_id: failed.razorpay_payment_id, status: 'failed', amount_paise: c1.paise + c2.paise },
    ]);

    const entity = captured(order.order_id);
    expect((await deliver(fake.webhook('payment.captured', { payment: entity }))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id, c2.id].sort());
    const events = await orderEvents(t.database.db, order.orderId, ['from_status', 'to_status'], {}, ['id']);
    expect(events.filter((event) => event.to_status === 'paid')).toEqual([
      { from_status: 'attempted', to_status: 'paid' },
    ]);
  });

  it("each failed payment is recorded with Razorpay's reason; only the first moves the order to attempted", async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const fail = async (description?: string) => {
      const failed = fake.pay(order.order_id, 'failed');
      const entity = { ...fake.payments.get(failed.razorpay_payment_id), error_description: description };
      expect((await deliver(fake.webhook('payment.failed', { payment: entity }))).statusCode).toBe(200);
      return failed.razorpay_payment_id;
    };
    const first = await fail('Card declined by the bank');
    const second = await fail();
    const history = await orderEvents(
      t.database.db,
      order.orderId,
      ['from_status', 'to_status', 'source', 'note'],
      { source: 'webhook' },
      ['created_at'],
    );
    expect(history).toEqual([
      {
        from_status: 'created',
        to_status: 'attempted',
        source: 'webhook',
        note: `payment ${first} failed: Card declined by the bank`,
      },
      { from_status: 'attempted', to_status: 'attempted', source: 'webhook', note: `payment ${second} failed` },
    ]);
    const payments = await t.database.db
      .selectFrom('payments')
      .select(['gateway_payment_id', 'status', 'source'])
      .where('order_id', '=', order.orderId)
      .orderBy('created_at')
      .execute();
    expect(payments.map((p) => [p.status, p.source]).sort()).toEqual([
      ['failed', 'webhook'],
      ['failed', 'webhook'],
    ]);
    expect(await status(order.orderId)).toBe('attempted');
  });

  it('a failed payment for an order we never made, or a refund without its refund, changes nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = captured(order.order_id);
    await deliver(fake.webhook('payment.captured', { payment: entity }));
    const stray = { ...entity, id: 'pay_stray00000001', order_id: 'order_unknown000002', status: 'failed' };
    expect((await deliver(fake.webhook('payment.failed', { payment: stray }))).statusCode).toBe(200);
    expect(
      (await deliver(fake.webhook('refund.processed', { payment: { ...entity, amount_refunded: entity.amount } })))
        .statusCode,
    ).toBe(200);
    const strayRefund = { id: 'rfnd_stray0000001', payment_id: entity.id, amount: entity.amount };
    const unknownOrder = { ...entity, order_id: 'order_unknown000003', amount_refunded: entity.amount };
    expect(
      (await deliver(fake.webhook('refund.processed', { refund: strayRefund, payment: unknownOrder }))).statusCode,
    ).toBe(200);
    expect((await deliver(fake.webhook('refund.processed', { refund: strayRefund }))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
    expect(
      await t.database.db.selectFrom('payments').select('id').where('gateway_payment_id', '=', stray.id).execute(),
    ).toEqual([]);
  });

  it('a failed payment arriving after the order was paid leaves it paid and is recorded as such', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    await deliver(fake.webhook('payment.captured', { payment: captured(order.order_id) }));
    await deliver(failedAttempt(order.order_id).hook);
    expect(await status(order.orderId)).toBe('paid');
    const last = await orderEvents(t.database.db, order.orderId, ['from_status', 'to_status'], {
      noteLike: '%failed%',
    });
    expect(last).toEqual([{ from_status: 'paid', to_status: 'paid' }]);
  });

  it('the buyer can also confirm it from the checkout page', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    await deliver(failedAttempt(order.order_id).hook);
    const res = await post('/api/verify-payment', user, fake.pay(order.order_id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
  });
});

describe('what a paid order does to the cart and to later confirmations', () => {
  it('takes only the bought courses out of the cart', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    expect((await post('/api/cart/add', user, { courseId: c2.id })).statusCode).toBe(200);
    await deliver(fake.webhook('payment.captured', { payment: captured(order.order_id) }));
    expect(await status(order.orderId)).toBe('paid');
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie: user.cookie } })).json();
    expect(cart.cart.courses.map((entry: { courseId: { _id: string } }) => entry.courseId._id)).toEqual([c2.id]);
  });

  it('a confirmation replayed after the order was refunded tells the buyer it was refunded', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const payment = fake.pay(order.order_id);
    const paid = await post('/api/verify-payment', user, payment);
    expect(paid.json().message).toBe(messages.paymentSuccess);
    expect((await post('/api/verify-payment', user, payment)).json().message).toBe(messages.paymentSuccess);
    const entity = fake.payments.get(payment.razorpay_payment_id);
    if (!entity) throw new Error('the fake gateway lost the payment');
    await deliver(refunded(entity, 'rfnd_replay000001'));
    expect(await status(order.orderId)).toBe('refunded');
    const replay = await post('/api/verify-payment', user, payment);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().message).toBe(messages.paymentRefundedUnfulfillable);
    expect(await enrolled(user.id)).toEqual([]);
  });
});

describe('refunds and buying again', () => {
  it('buy, refund, buy again: refunding the second order revokes the access it granted', async () => {
    const user = await createSignedInUser(t.database.db);
    const first = await checkedOut(user, [c1]);
    const firstPayment = captured(first.order_id);
    await deliver(fake.webhook('payment.captured', { payment: firstPayment }));
    expect((await deliver(refunded(firstPayment, 'rfnd_first0000001'))).statusCode).toBe(200);
    expect(await status(first.orderId)).toBe('refunded');
    expect(await enrolled(user.id)).toEqual([]);

    const second = await checkedOut(user, [c1]);
    const secondPayment = captured(second.order_id);
    await deliver(fake.webhook('payment.captured', { payment: secondPayment }));
    expect(await status(second.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);

    expect((await deliver(refunded(secondPayment, 'rfnd_second000001'))).statusCode).toBe(200);
    expect(await status(second.orderId)).toBe('refunded');
    expect(await enrolled(user.id)).toEqual([]);
    const revoked = await orderEvents(t.database.db, second.orderId, ['from_status', 'source'], {
      toStatus: 'refunded',
    });
    expect(revoked).toEqual([{ from_status: 'paid', source: 'webhook' }]);
  });

  it('a partial refund keeps the order paid and the access; the refund that completes it revokes', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = captured(order.order_id);
    await deliver(fake.webhook('payment.captured', { payment: entity }));
    const part = Math.floor(entity.amount / 3);
    // Razorpay sends the payment as it stands after the refund: amount_refunded is the running total.
    const partial = (refundId: string, amount: number, refundedSoFar?: number) =>
      fake.webhook('refund.processed', {
        refund: { id: refundId, payment_id: entity.id, amount },
        payment: { ...entity, status: 'captured', amount_refunded: refundedSoFar },
      });
    expect((await deliver(partial('rfnd_part00000001', part, part))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
    // Without the running total, the refund's own amount decides: a part is still a part.
    expect((await deliver(partial('rfnd_part00000002', part))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
    // The last part: this refund alone is less than the payment, but the running total is all of it.
    const rest = entity.amount - 2 * part;
    expect((await deliver(partial('rfnd_part00000003', rest, entity.amount))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('refunded');
    expect(await enrolled(user.id)).toEqual([]);
  });

  it('a refund of the whole payment revokes even when the payment does not say how much is refunded', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = captured(order.order_id);
    await deliver(fake.webhook('payment.captured', { payment: entity }));
    const refund = { id: 'rfnd_whole0000001', payment_id: entity.id, amount: entity.amount };
    const payment = { ...entity, amount_refunded: undefined };
    expect((await deliver(fake.webhook('refund.processed', { refund, payment }))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('refunded');
    expect(await enrolled(user.id)).toEqual([]);
  });
});

describe('a paid coupon order', () => {
  it('paid from an old window after a new checkout released its reservation, it gets its coupon use back', async () => {
    const coupon = await newCoupon(t.database.db, 'OLD', 10);
    const user = await createSignedInUser(t.database.db);
    const old = await checkedOut(user, [c1], coupon.id, 10);
    const newer = await post('/api/create-order', user, {
      amount: c1.paise / 100,
      name: 'Asha Patel',
      email: user.email,
      discountCouponId: null,
    });
    expect(newer.statusCode).toBe(200);
    expect(await status(old.orderId)).toBe('expired');
    const uses = () =>
      t.database.db.selectFrom('coupon_redemptions').select('order_id').where('coupon_id', '=', coupon.id).execute();
    expect(await uses()).toEqual([]);

    await deliver(fake.webhook('payment.captured', { payment: captured(old.order_id) }));
    expect(await status(old.orderId)).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
    expect(await uses()).toEqual([{ order_id: old.orderId }]);
  });

  it('counts one use of the coupon however many confirmations arrive, and mails the figures', async () => {
    const coupon = await newCoupon(t.database.db, 'WH', 10);
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1, c2], coupon.id, 10);
    const entity = captured(order.order_id);
    const payment = {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: entity.id,
      razorpay_signature: fake.pay(order.order_id).razorpay_signature,
    };
    await deliver(fake.webhook('payment.captured', { payment: entity }));
    await deliver(fake.webhook('order.paid', { payment: entity, order: fake.orders.get(order.order_id) }));
    await post('/api/verify-payment', user, payment);
    const uses = await t.database.db
      .selectFrom('coupon_redemptions')
      .select(['order_id', 'user_id'])
      .where('coupon_id', '=', coupon.id)
      .execute();
    expect(uses).toEqual([{ order_id: order.orderId, user_id: user.id }]);

    const mails = (await outboxMails(t)).filter((raw) => raw.includes(order.orderId));
    expect(mails).toHaveLength(1);
    const subtotal = c1.paise + c2.paise;
    const discount = Math.round(subtotal / 10);
    for (const text of [
      'Hello Asha Patel,',
      `Thank you for your order ${order.orderId} at`,
      `- ${c1.title}: ${formatPaise(c1.paise)}`,
      `Subtotal: ${formatPaise(subtotal)}`,
      `Discount: ${formatPaise(discount)}`,
      `Total paid: ${formatPaise(subtotal - discount)}`,
      `Your courses are ready: ${t.config.publicUrl}/enrolled-courses`,
    ])
      expect(mails[0]).toContain(text);
  });
});
