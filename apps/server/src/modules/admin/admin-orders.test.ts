import { messages } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin-app.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { orderEvents, refundMailsQueued } from '../../../test/order-records.js';
import { activeCourseIds, ownedThrough, shopRequests } from '../../../test/payments-kit.js';
import { createCoupon } from '../coupons/create-coupon.js';

const { t, fake, admin, asAdmin, paidOrder: paidFor } = useAdminApp({ gateway: true });
let courseId: string;

beforeAll(async () => {
  courseId = (await asAdmin('POST', '/api/admin/courses', courseForm({ price: 2500 }))).json().course.id;
});

/** A learner who bought the course through checkout and the gateway, as the browser does it. */
async function paidOrder() {
  const price = (await t.app.inject({ url: `/api/courses/${courseId}` })).json().course.price;
  return paidFor(courseId, price);
}

const activeEnrolments = (userId: string) => activeCourseIds(t.database.db, userId);

describe('orders in the console', () => {
  it('finds an order by e-mail and by id, with its lines, payment and status history', async () => {
    const { buyer, orderId, payment } = await paidOrder();
    const byEmail = (await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(buyer.email)}`)).json().orders;
    expect(byEmail.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const byId = (await asAdmin('GET', `/api/admin/orders?q=${orderId}&status=paid`)).json().orders;
    expect(byId).toHaveLength(1);
    expect((await asAdmin('GET', `/api/admin/orders?q=${orderId}&status=refunded`)).json().orders).toHaveLength(0);
    const detail = (await asAdmin('GET', `/api/admin/orders/${orderId}`)).json().order;
    expect(detail).toMatchObject({ status: 'paid', totalPaise: 250_000, email: buyer.email });
    expect(detail.payments[0].gatewayPaymentId).toBe(payment.razorpay_payment_id);
    expect(detail.events.map((e: { toStatus: string }) => e.toStatus)).toContain('paid');
  });

  it('exports the search as CSV', async () => {
    const { buyer, orderId } = await paidOrder();
    const res = await asAdmin('GET', `/api/admin/orders.csv?q=${encodeURIComponent(buyer.email)}`);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('order id,created at (IST),e-mail,name,status,total (INR),coupon,courses');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${orderId},`);
    expect(lines[1]).toContain(',paid,2500.00,');
  });

  it('a price change never alters a past order', async () => {
    const { orderId } = await paidOrder();
    const course = (await asAdmin('GET', `/api/admin/courses/${courseId}`)).json().course;
    const { id: _id, createdAt: _c, updatedAt: _u, ...form } = course;
    expect(
      (await asAdmin('PUT', `/api/admin/courses/${courseId}`, { ...form, price: 9999, title: 'Renamed' })).statusCode,
    ).toBe(200);
    const detail = (await asAdmin('GET', `/api/admin/orders/${orderId}`)).json().order;
    expect(detail.totalPaise).toBe(250_000);
    expect(detail.lines[0]).toMatchObject({ unitPricePaise: 250_000, title: form.title });
    await asAdmin('PUT', `/api/admin/courses/${courseId}`, form);
  });

  it('a full refund goes through the gateway and revokes access once, even when the webhook also arrives', async () => {
    const { buyer, orderId, payment } = await paidOrder();
    expect(await activeEnrolments(buyer.id)).toHaveLength(1);
    const res = await asAdmin('POST', `/api/admin/orders/${orderId}/refund`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('refunded');
    const sent = fake.requests.filter((r) => r.path === `/v1/payments/${payment.razorpay_payment_id}/refund`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['x-refund-idempotency']).toBe(`refund-${orderId}`);
    expect(await activeEnrolments(buyer.id)).toHaveLength(0);

    const entity = fake.payments.get(payment.razorpay_payment_id);
    const refundId = res.json().order.refunds[0].gatewayRefundId;
    const hook = fake.webhook('refund.processed', {
      refund: { id: refundId, payment_id: payment.razorpay_payment_id, amount: entity?.amount },
      payment: entity,
    });
    const delivered = await shopRequests(() => t).deliver(hook);
    expect(delivered.statusCode).toBe(200);

    const db = t.database.db;
    expect(await db.selectFrom('refunds').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    expect(await orderEvents(db, orderId, ['to_status'], { toStatus: 'refunded' })).toHaveLength(1);
    const audit = await db.selectFrom('audit_log').selectAll().where('entity_id', '=', orderId).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.refund', actor_id: admin.id });

    const again = await asAdmin('POST', `/api/admin/orders/${orderId}/refund`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a paid order can be refunded.');
  });

  it('a gateway outage refunds nothing and says so', async () => {
    const { buyer, orderId } = await paidOrder();
    fake.mode = 'down';
    try {
      const res = await asAdmin('POST', `/api/admin/orders/${orderId}/refund`, {});
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/Nothing was refunded/);
    } finally {
      fake.mode = 'up';
    }
    expect(await activeEnrolments(buyer.id)).toHaveLength(1);
    expect((await asAdmin('GET', `/api/admin/orders/${orderId}`)).json().order.status).toBe('paid');
  });

  it('the dashboard counts today’s paid orders and the best sellers', async () => {
    await paidOrder();
    const dashboard = (await asAdmin('GET', '/api/admin/dashboard')).json().dashboard;
    expect(dashboard.revenueByDay).toHaveLength(30);
    expect(dashboard.ordersToday).toBeGreaterThanOrEqual(1);
    expect(dashboard.revenueByDay.at(-1).paise).toBeGreaterThanOrEqual(250_000);
    expect(dashboard.bestSellers[0].courseId).toBe(courseId);
  });
});

describe('refunds when two paid orders cover the same course (issue 12 items 9, 10, 13)', () => {
  /**
   * The state the attack left behind before payments for unfulfillable orders were refunded (report
   * F3/F4): order A = [x, y] paid, order B = [x, y, z] paid too. A goes through checkout and the gateway;
   * B, which the shop no longer lets happen, is written as the old code wrote it, with a real payment
   * at the gateway so it can be refunded.
   */
  async function twoPaidOrders() {
    const course = async () =>
      (await asAdmin('POST', '/api/admin/courses', courseForm({ price: 1000 }))).json().course.id as string;
    const [x, y, z] = [await course(), await course(), await course()];
    const buyer = await createSignedInUser(t.database.db);
    const asBuyer = callAs(t, buyer);
    for (const id of [x, y]) expect((await asBuyer('POST', '/api/cart/add', { courseId: id })).statusCode).toBe(200);
    const a = (
      await asBuyer('POST', '/api/create-order', { amount: 2000, name: 'Asha Patel', email: buyer.email })
    ).json();
    expect((await asBuyer('POST', '/api/verify-payment', fake.pay(a.order_id))).statusCode).toBe(200);

    const db = t.database.db;
    const b = 'f4f4f4f4f4f4f4f4f4f4f4f4';
    const gatewayOrder = await t.app.deps.gateway.createOrder({ amountPaise: 300_000, receipt: b, notes: {} });
    const paid = fake.pay(gatewayOrder.id);
    const now = new Date().toISOString();
    await db
      .insertInto('orders')
      .values({
        id: b,
        user_id: buyer.id,
        status: 'paid',
        subtotal_paise: 300_000,
        discount_paise: 0,
        total_paise: 300_000,
        coupon_id: null,
        coupon_code: null,
        discount_percent: 0,
        gateway: 'razorpay',
        gateway_order_id: gatewayOrder.id,
        cart_fingerprint: 'legacy',
        billing_name: 'Asha Patel',
        billing_email: buyer.email,
        created_at: now,
        updated_at: now,
        paid_at: now,
        refunded_at: null,
      })
      .execute();
    for (const [i, id] of [x, y, z].entries()) {
      await db
        .insertInto('order_lines')
        .values({
          id: `f4line${i}f4f4f4f4f4f4f4f4f4`,
          order_id: b,
          course_id: id,
          title: `c${i}`,
          unit_price_paise: 100_000,
        })
        .execute();
    }
    await db
      .insertInto('payments')
      .values({
        id: 'f4pay0f4f4f4f4f4f4f4f4f4',
        order_id: b,
        gateway_payment_id: paid.razorpay_payment_id,
        amount_paise: 300_000,
        status: 'captured',
        source: 'verify',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('enrolments')
      .values({
        id: 'f4enr0f4f4f4f4f4f4f4f4f4',
        user_id: buyer.id,
        course_id: z,
        order_id: b,
        granted_at: now,
        revoked_at: null,
      })
      .execute();
    return { buyer, a: a.orderId as string, b, x, y, z };
  }

  const owned = (userId: string) => ownedThrough(t.database.db, userId);
  const refundMails = async (email: string) =>
    (await refundMailsQueued(t.database.db, email, ['subject'])).map((mail) => mail.subject);

  it('refunding A keeps what B also covers (now held by B); refunding B then ends it; each refund is mailed', async () => {
    const { buyer, a, b, x, y, z } = await twoPaidOrders();
    expect((await asAdmin('POST', `/api/admin/orders/${a}/refund`, {})).statusCode).toBe(200);
    expect(await owned(buyer.id)).toEqual(
      [
        { course_id: x, order_id: b },
        { course_id: y, order_id: b },
        { course_id: z, order_id: b },
      ].sort((p, q) => p.course_id.localeCompare(q.course_id)),
    );
    expect(await refundMails(buyer.email)).toEqual([`Your TradeSkool order ${a} has been refunded`]);

    expect((await asAdmin('POST', `/api/admin/orders/${b}/refund`, {})).statusCode).toBe(200);
    expect(await owned(buyer.id)).toEqual([]);
    expect((await refundMails(buyer.email)).sort()).toEqual(
      [`Your TradeSkool order ${a} has been refunded`, `Your TradeSkool order ${b} has been refunded`].sort(),
    );
  });

  it('"give course" after a refund or a hand revoke restores the enrolment instead of failing', async () => {
    const { buyer, orderId } = await paidOrder();
    expect((await asAdmin('POST', `/api/admin/orders/${orderId}/refund`, {})).statusCode).toBe(200);
    expect(await activeEnrolments(buyer.id)).toHaveLength(0);
    const given = await asAdmin('POST', `/api/admin/learners/${buyer.id}/grant`, { courseId });
    expect(given.statusCode).toBe(200);
    expect(given.json().learner.enrolments).toEqual([
      expect.objectContaining({ courseId, orderId: null, revokedAt: null }),
    ]);
    expect((await asAdmin('POST', `/api/admin/learners/${buyer.id}/revoke`, { courseId })).statusCode).toBe(200);
    expect(await activeEnrolments(buyer.id)).toHaveLength(0);
    expect((await asAdmin('POST', `/api/admin/learners/${buyer.id}/grant`, { courseId })).statusCode).toBe(200);
    expect(await activeEnrolments(buyer.id)).toHaveLength(1);
    expect((await asAdmin('POST', `/api/admin/learners/${buyer.id}/grant`, { courseId })).statusCode).toBe(409);
  });
});

describe('amounts the payment gateway refuses (issue 12 item 12)', () => {
  it('a course price is 0 (free) or at least ₹1: ₹0.01 to ₹0.99 is refused with a clear message', async () => {
    for (const price of [0.01, 0.5, 0.99]) {
      const res = await asAdmin('POST', '/api/admin/courses', courseForm({ price }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('must be 0 (free) or at least ₹1.00');
    }
    for (const price of [0, 1, 1.5]) {
      expect((await asAdmin('POST', '/api/admin/courses', courseForm({ price }))).statusCode).toBe(200);
    }
  });

  it('a coupon that would leave 1 to 99 paise to pay is refused at checkout, and nothing reaches the gateway', async () => {
    const rupee = (await asAdmin('POST', '/api/admin/courses', courseForm({ price: 1 }))).json().course.id;
    const code = `NEARLY${Date.now().toString(36).toUpperCase()}`;
    const coupon = (await createCoupon(t.database.db, { code, percent: 99 })).id;
    const buyer = await createSignedInUser(t.database.db);
    const asBuyer = callAs(t, buyer);
    expect((await asBuyer('POST', '/api/cart/add', { courseId: rupee })).statusCode).toBe(200);
    const before = fake.requests.length;
    const res = await asBuyer('POST', '/api/create-order', {
      amount: 0.01,
      name: 'Asha Patel',
      email: buyer.email,
      discountCouponId: coupon,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.couponTotalBelowMinimum);
    expect(fake.requests.length).toBe(before);
    const orders = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute();
    expect(orders).toEqual([]);
  });
});
