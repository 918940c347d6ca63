import { formatPaise, messages } from '@shop/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { mailsQueued, orderEvents } from '../../../test/order-records.js';
import { activeCourseIds, demoLines, newCoupon, payAtFake } from '../../../test/payments-kit.js';
import { usePaymentsShopWithMail } from '../../../test/payments-mail.js';
import { reconcilePayments } from './reconcile-payments.js';

// What paying an order does, as the buyer and the operator see it: the order's state and history, the
// payment row, the confirmation e-mail exactly as sent, the invoice. A fresh app per test: fulfilment's
// compiled statements are built anew for each, so each test covers them.

const silent = pino({ level: 'silent' });
const [c1, c2] = demoLines;
const { t, fake, smtp, post, deliver, checkedOut } = usePaymentsShopWithMail();

const captured = (gatewayOrderId: string | null) => payAtFake(fake, gatewayOrderId);
const orderRow = (orderId: string) =>
  t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const history = (orderId: string) =>
  orderEvents(t.database.db, orderId, ['from_status', 'to_status', 'source', 'note'], {}, ['created_at', 'to_status']);
const enrolled = (userId: string) => activeCourseIds(t.database.db, userId);
const mailsTo = (email: string) => mailsQueued(t.database.db, email, ['subject', 'text_body', 'html_body', 'sent_at']);
async function myOrders(user: TestUser) {
  const res = await t.app.inject({ url: '/api/orders', headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().orders as { id: string; status: string; invoiceNumber: string | null }[];
}

describe('the payable states', () => {
  it('an order in the failed state is still paid by money that arrives for it', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    // The schema allows `failed`; whatever put the order there, a captured payment must not be lost.
    await t.database.db.updateTable('orders').set({ status: 'failed' }).where('id', '=', order.orderId).execute();
    expect((await deliver(fake.webhook('payment.captured', { payment: captured(order.order_id) }))).statusCode).toBe(
      200,
    );
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect(await enrolled(user.id)).toEqual([c1.id]);
    expect((await history(order.orderId)).filter((event) => event.to_status === 'paid')).toEqual([
      { from_status: 'failed', to_status: 'paid', source: 'webhook', note: expect.stringMatching(/^payment pay_/) },
    ]);
  });

  it('a paid order stays paid and grants nothing more when another payment confirmation arrives', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const payment = fake.pay(order.order_id ?? '');
    const first = await post('/api/verify-payment', user, payment);
    expect(first.json().message).toBe(messages.paymentSuccess);
    const paidAt = (await orderRow(order.orderId)).paid_at;
    expect(paidAt).not.toBeNull();
    const again = await post('/api/verify-payment', user, payment);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(messages.paymentSuccess);
    expect((await orderRow(order.orderId)).paid_at).toBe(paidAt);
    expect((await history(order.orderId)).map((event) => event.to_status)).toEqual(['created', 'paid']);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('what reconciliation reports', () => {
  it('a payment found at the gateway for an order that cannot be fulfilled counts as refunded, not fulfilled', async () => {
    const user = await createSignedInUser(t.database.db);
    const old = await checkedOut(user, [c1]);
    const newer = await checkedOut(user, [c1, c2]);
    expect((await post('/api/verify-payment', user, fake.pay(newer.order_id ?? ''))).statusCode).toBe(200);
    fake.pay(old.order_id ?? '');
    // Both the verify call and the webhook of the old window's payment were lost: reconciliation finds it.
    const report = await reconcilePayments(t.app.deps, silent, new Date(Date.now() + 20 * 60_000));
    expect(report).toMatchObject({ fulfilled: 0 });
    expect((await orderRow(old.orderId)).status).toBe('refunded');
    expect(await enrolled(user.id)).toEqual([c1.id, c2.id].sort());
  });

  it('a payment found at the gateway for an open order counts as fulfilled, once', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    fake.pay(order.order_id ?? '');
    const later = new Date(Date.now() + 20 * 60_000);
    expect(await reconcilePayments(t.app.deps, silent, later)).toMatchObject({ fulfilled: 1 });
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect(await reconcilePayments(t.app.deps, silent, later)).toMatchObject({ fulfilled: 0 });
  });
});

describe('the payment row', () => {
  it('records the payment once, captured, with its amount and the path that reported it', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const payment = fake.pay(order.order_id ?? '');
    await post('/api/verify-payment', user, payment);
    const entity = fake.payments.get(payment.razorpay_payment_id);
    await deliver(fake.webhook('payment.captured', { payment: entity }));
    const rows = await t.database.db
      .selectFrom('payments')
      .select(['gateway_payment_id', 'status', 'amount_paise', 'source'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(rows).toEqual([
      { gateway_payment_id: payment.razorpay_payment_id, status: 'captured', amount_paise: c1.paise, source: 'verify' },
    ]);
  });

  it('a payment first reported failed and then captured (a late authorisation) pays the order, recorded captured', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = captured(order.order_id);
    await deliver(fake.webhook('payment.failed', { payment: { ...entity, status: 'failed' } }));
    expect((await orderRow(order.orderId)).status).toBe('attempted');
    await deliver(fake.webhook('payment.captured', { payment: entity }));
    expect((await orderRow(order.orderId)).status).toBe('paid');
    const rows = await t.database.db
      .selectFrom('payments')
      .select(['gateway_payment_id', 'status', 'amount_paise'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(rows).toEqual([{ gateway_payment_id: entity.id, status: 'captured', amount_paise: c1.paise }]);
  });
});

describe('the confirmation e-mail', () => {
  it('is exactly what the buyer reads: each course, the figures, the links and the invoice, names escaped', async () => {
    const coupon = await newCoupon(t.database.db, 'MAIL', 10);
    const user = await createSignedInUser(t.database.db);
    // The mail server refuses for now, so the queued message keeps its bodies (a sent one is cleared).
    smtp().rejecting = true;
    const name = 'Asha <Patel> & "Sons"';
    const order = await checkedOut(user, [c1, c2], { couponId: coupon.id, percent: 10, name });
    await deliver(fake.webhook('payment.captured', { payment: captured(order.order_id) }));
    const invoice = (await myOrders(user)).find((entry) => entry.id === order.orderId)?.invoiceNumber;
    expect(invoice).toMatch(/\d/);
    const site = t.config.siteName;
    const url = t.config.publicUrl;
    const subtotal = c1.paise + c2.paise;
    const discount = Math.round(subtotal / 10);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Your ${site} order ${order.orderId}`);
    const esc = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    // The lines follow the order's lines as stored, whichever order that is.
    const stored = await t.database.db
      .selectFrom('order_lines')
      .select(['title', 'unit_price_paise'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(mail?.text_body).toBe(
      [
        `Hello ${name},`,
        '',
        `Thank you for your order ${order.orderId} at ${site}.`,
        '',
        ...stored.map((line) => `- ${line.title}: ${formatPaise(line.unit_price_paise)}`),
        `Subtotal: ${formatPaise(subtotal)}`,
        `Discount: ${formatPaise(discount)}`,
        `Total paid: ${formatPaise(subtotal - discount)}`,
        '',
        `Your courses are ready: ${url}/enrolled-courses`,
        '',
        `Your tax invoice ${invoice} is under My Orders: ${url}/orders`,
      ].join('\n'),
    );
    expect(mail?.html_body).toBe(
      `<p>Hello ${esc(name)},</p><p>Thank you for your order <strong>${order.orderId}</strong> at ${esc(site)}.</p>` +
        `<ul>${stored.map((line) => `<li>${esc(line.title)}: ${formatPaise(line.unit_price_paise)}</li>`).join('')}</ul>` +
        `<p>Subtotal: ${formatPaise(subtotal)}<br>Discount: ${formatPaise(discount)}<br>` +
        `<strong>Total paid: ${formatPaise(subtotal - discount)}</strong></p>` +
        `<p><a href="${url}/enrolled-courses">Open your courses</a></p>` +
        `<p>Your tax invoice ${invoice} is under <a href="${url}/orders">My Orders</a>.</p>`,
    );
  });

  it('goes out at once, without waiting for the retry timer', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    await post('/api/verify-payment', user, fake.pay(order.order_id ?? ''));
    // The retry timer is not running in tests: only the kick after the payment can deliver it.
    const mail = await smtp().waitFor(user.email, 3000);
    expect(mail.raw).toContain(order.orderId);
  });

  it('for a free order: enrolled at once, no invoice, and the e-mail names none', async () => {
    const coupon = await newCoupon(t.database.db, 'FREE', 100);
    const user = await createSignedInUser(t.database.db);
    smtp().rejecting = true;
    const order = await checkedOut(user, [c1], { couponId: coupon.id, percent: 100 });
    expect(order.paid).toBe(true);
    expect(await enrolled(user.id)).toEqual([c1.id]);
    expect((await myOrders(user)).map((entry) => [entry.status, entry.invoiceNumber])).toEqual([['paid', null]]);
    const [mail] = await mailsTo(user.email);
    expect(mail?.text_body).toContain(`Total paid: ${formatPaise(0)}`);
    expect(mail?.text_body).not.toContain('invoice');
    expect(mail?.html_body).not.toContain('invoice');
    expect(mail?.text_body.endsWith(`Your courses are ready: ${t.config.publicUrl}/enrolled-courses`)).toBe(true);
    expect(
      mail?.html_body?.endsWith(`<a href="${t.config.publicUrl}/enrolled-courses">Open your courses</a></p>`),
    ).toBe(true);
  });
});
