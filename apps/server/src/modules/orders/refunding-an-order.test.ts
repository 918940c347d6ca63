import { formatPaise } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { orderEvents, refundMailsQueued } from '../../../test/order-records.js';
import { type DemoLine, demoLines, orderStatus, ownedThrough, payAtFake } from '../../../test/payments-kit.js';
import { usePaymentsShopWithMail } from '../../../test/payments-mail.js';

// What a full refund does, as the buyer and the operator see it: the order's state and history, the
// refund rows, who keeps which course, the credit note and the e-mail exactly as sent, whichever path
// (the operator's button, Razorpay's webhook, the automatic refund of an unfulfillable payment) reports it.
// A fresh app per test.

const [c1, c2] = demoLines;
const { t, fake, smtp, post, deliver, checkedOut } = usePaymentsShopWithMail();

const captured = (gatewayOrderId: string) => payAtFake(fake, gatewayOrderId);
async function paid(user: TestUser, courses: DemoLine[], name?: string) {
  const order = await checkedOut(user, courses, { name });
  const entity = captured(order.order_id);
  expect((await deliver(fake.webhook('payment.captured', { payment: entity }))).statusCode).toBe(200);
  return { ...order, entity };
}
function refundHook(entity: ReturnType<typeof captured>, refundId: string) {
  const refund = { id: refundId, payment_id: entity.id, amount: entity.amount };
  return fake.webhook('refund.processed', { refund, payment: { ...entity, amount_refunded: entity.amount } });
}
const status = (orderId: string) => orderStatus(t.database.db, orderId);
const refundRows = (orderId: string) =>
  t.database.db
    .selectFrom('refunds')
    .select(['gateway_payment_id', 'gateway_refund_id', 'amount_paise', 'status'])
    .where('order_id', '=', orderId)
    .execute();
const refundEvents = (orderId: string) =>
  orderEvents(t.database.db, orderId, ['from_status', 'to_status', 'source', 'note'], { toStatus: 'refunded' });
const refundMails = (email: string) =>
  refundMailsQueued(t.database.db, email, ['subject', 'text_body', 'html_body', 'sent_at']);
const creditNote = async (orderId: string) => {
  const row = await t.database.db
    .selectFrom('tax_documents')
    .select(['number', 'data'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'credit_note')
    .executeTakeFirst();
  return row && { number: row.number, reason: (JSON.parse(row.data) as { reason: string }).reason };
};
const owned = (userId: string) => ownedThrough(t.database.db, userId);
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe("the operator's refund", () => {
  it('refunds, revokes, issues a credit note and e-mails the buyer exactly this', async () => {
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const user = await createSignedInUser(t.database.db);
    const name = 'Asha <Patel> & "Sons"';
    const order = await paid(user, [c1, c2], name);
    // The mail server refuses for now, so the queued message keeps its bodies (a sent one is cleared).
    smtp().rejecting = true;
    const res = await post(`/api/admin/orders/${order.orderId}/refund`, admin, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(order.orderId)).toBe('refunded');
    expect(await owned(user.id)).toEqual([]);
    const [refund] = fake.refunds.filter((entry) => entry.payment_id === order.entity.id);
    expect(refund).toBeDefined();
    // One key per order, shared with the automatic refund: the gateway refunds an order once.
    const asked = fake.requests.filter((r) => r.path === `/v1/payments/${order.entity.id}/refund`);
    expect(asked.map((r) => r.headers['x-refund-idempotency'])).toEqual([`refund-${order.orderId}`]);
    expect(await refundRows(order.orderId)).toEqual([
      {
        gateway_payment_id: order.entity.id,
        gateway_refund_id: refund?.id,
        amount_paise: order.entity.amount,
        status: 'processed',
      },
    ]);
    expect(await refundEvents(order.orderId)).toEqual([
      { from_status: 'paid', to_status: 'refunded', source: 'admin', note: `refund ${refund?.id}; buyer e-mailed` },
    ]);
    const note = await creditNote(order.orderId);
    expect(note?.reason).toBe('Order refunded');
    const [attached] = await refundMailsQueued(t.database.db, user.email, ['attachments_json']);
    expect(JSON.parse(attached?.attachments_json ?? 'null')).toEqual([
      { orderId: order.orderId, kind: 'credit_note', number: note?.number },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', order.orderId)
      .execute();
    expect(audit).toEqual([{ action: 'order.refund' }]);

    const site = t.config.siteName;
    const url = t.config.publicUrl;
    const amount = formatPaise(c1.paise + c2.paise);
    const access =
      'Access that came with this order has ended, except for any course another order of yours still covers.';
    const bank =
      'The money goes back to the account or card you paid with; banks usually take 5 to 7 working days to show it.';
    const mails = await refundMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toEqual({
      subject: `Your ${site} order ${order.orderId} has been refunded`,
      text_body: [
        `Hello ${name},`,
        '',
        `We have refunded ${amount} for your order ${order.orderId} at ${site}.`,
        access,
        '',
        bank,
        `Your courses: ${url}/enrolled-courses`,
        '',
        `Your credit note ${note?.number} is under My Orders: ${url}/orders`,
      ].join('\n'),
      html_body:
        `<p>Hello ${esc(name)},</p><p>We have refunded <strong>${amount}</strong> for your order <strong>${order.orderId}</strong> at ${esc(site)}.</p>` +
        `<p>${esc(access)}</p><p>${bank}</p><p><a href="${url}/enrolled-courses">Your courses</a></p>` +
        `<p>Your credit note ${note?.number} is under <a href="${url}/orders">My Orders</a>.</p>`,
      sent_at: null,
    });
  });
});

describe("Razorpay's refund webhook", () => {
  it('revokes once and records one refund, however often the same refund is reported', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await paid(user, [c1]);
    for (let i = 0; i < 3; i++)
      expect((await deliver(refundHook(order.entity, 'rfnd_again0000001'))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('refunded');
    expect(await refundRows(order.orderId)).toEqual([
      {
        gateway_payment_id: order.entity.id,
        gateway_refund_id: 'rfnd_again0000001',
        amount_paise: c1.paise,
        status: 'processed',
      },
    ]);
    expect(await refundEvents(order.orderId)).toEqual([
      {
        from_status: 'paid',
        to_status: 'refunded',
        source: 'webhook',
        note: 'refund rfnd_again0000001; buyer e-mailed',
      },
    ]);
    expect(await refundMails(user.email)).toHaveLength(1);
  });

  it('the refund e-mail goes out at once, without waiting for the retry timer', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await paid(user, [c1]);
    await smtp().waitFor(user.email, 3000);
    const before = smtp().received.length;
    await deliver(refundHook(order.entity, 'rfnd_atonce000001'));
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && smtp().received.length === before) await new Promise((r) => setTimeout(r, 20));
    expect(
      smtp()
        .received.slice(before)
        .map((mail) => mail.raw.includes('has been refunded')),
    ).toEqual([true]);
  });

  it('a refunded course does not come back into the cart: paying took it out', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await paid(user, [c1]);
    await deliver(refundHook(order.entity, 'rfnd_cart00000001'));
    expect(await owned(user.id)).toEqual([]);
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie: user.cookie } })).json();
    expect(cart.cart.courses).toEqual([]);
  });

  it('a second, different refund of a refunded order is recorded, and changes nothing else', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await paid(user, [c1]);
    await deliver(refundHook(order.entity, 'rfnd_first0000001'));
    await deliver(refundHook(order.entity, 'rfnd_later0000001'));
    expect((await refundRows(order.orderId)).map((row) => row.gateway_refund_id).sort()).toEqual([
      'rfnd_first0000001',
      'rfnd_later0000001',
    ]);
    expect(await refundEvents(order.orderId)).toHaveLength(1);
    expect(await refundMails(user.email)).toHaveLength(1);
  });

  it('a refund of an order that was never paid here is recorded and revokes nothing, mails nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const earlier = await paid(user, [c2]);
    const order = await checkedOut(user, [c1]);
    const entity = captured(order.order_id);
    expect((await deliver(refundHook(entity, 'rfnd_unpaid000001'))).statusCode).toBe(200);
    expect(await status(order.orderId)).toBe('created');
    expect(await refundRows(order.orderId)).toEqual([
      {
        gateway_payment_id: entity.id,
        gateway_refund_id: 'rfnd_unpaid000001',
        amount_paise: c1.paise,
        status: 'processed',
      },
    ]);
    expect(await refundEvents(order.orderId)).toEqual([]);
    expect(await owned(user.id)).toEqual([{ course_id: c2.id, order_id: earlier.orderId }]);
    expect(await refundMails(user.email)).toEqual([]);
  });

  it('refunding one order leaves the courses of the buyer’s other orders, and another buyer’s, alone', async () => {
    const user = await createSignedInUser(t.database.db);
    const other = await createSignedInUser(t.database.db);
    const kept = await paid(user, [c2]);
    const theirs = await paid(other, [c1]);
    const refunded = await paid(user, [c1]);
    await deliver(refundHook(refunded.entity, 'rfnd_onlyone00001'));
    expect(await owned(user.id)).toEqual([{ course_id: c2.id, order_id: kept.orderId }]);
    expect(await owned(other.id)).toEqual([{ course_id: c1.id, order_id: theirs.orderId }]);
  });
});

describe('a course another paid order of the same buyer also covers', () => {
  /** A paid order for `course`, as an older version of the shop could leave beside a newer one. */
  async function legacyPaidOrder(user: TestUser, course: typeof c1, paidAt: string, refundDue = false) {
    const id = `legacy${Math.random().toString(16).slice(2, 12)}${Date.now().toString(16)}`.slice(0, 24);
    await t.database.db
      .insertInto('orders')
      .values({
        id,
        user_id: user.id,
        status: 'paid',
        subtotal_paise: course.paise,
        discount_paise: 0,
        total_paise: course.paise,
        coupon_id: null,
        coupon_code: null,
        discount_percent: 0,
        gateway: 'razorpay',
        gateway_order_id: `order_${id}`,
        cart_fingerprint: 'legacy',
        billing_name: 'Asha Patel',
        billing_email: user.email,
        created_at: paidAt,
        updated_at: paidAt,
        paid_at: paidAt,
        refunded_at: null,
      })
      .execute();
    await t.database.db
      .insertInto('order_lines')
      .values({ id: `${id}l`, order_id: id, course_id: course.id, title: course.title, unit_price_paise: course.paise })
      .execute();
    if (refundDue)
      await t.database.db
        .insertInto('refunds')
        .values({
          id: `${id}r`,
          order_id: id,
          gateway_payment_id: `pay_${id}`,
          gateway_refund_id: null,
          amount_paise: course.paise,
          status: 'pending',
          created_at: paidAt,
        })
        .execute();
    return id;
  }

  it('stays, now held by the earliest-paid such order; refunding that one too ends it', async () => {
    const user = await createSignedInUser(t.database.db);
    const refunded = await paid(user, [c1]);
    await legacyPaidOrder(user, c1, '2026-03-02T10:00:00.000Z');
    const earlier = await legacyPaidOrder(user, c1, '2026-03-01T10:00:00.000Z');
    await legacyPaidOrder(user, c1, '2026-02-01T10:00:00.000Z', true);
    await deliver(refundHook(refunded.entity, 'rfnd_keepsit00001'));
    expect(await status(refunded.orderId)).toBe('refunded');
    expect(await owned(user.id)).toEqual([{ course_id: c1.id, order_id: earlier }]);
  });

  it('an order paid before invoices existed is refunded with an e-mail that names no credit note', async () => {
    const user = await createSignedInUser(t.database.db);
    const legacy = await legacyPaidOrder(user, c1, '2025-01-01T10:00:00.000Z');
    smtp().rejecting = true;
    const payment = await paid(await createSignedInUser(t.database.db), [c2]);
    const entity = { ...payment.entity, id: `pay_${legacy}`, order_id: `order_${legacy}`, amount: c1.paise };
    expect((await deliver(refundHook(entity, 'rfnd_legacy000001'))).statusCode).toBe(200);
    expect(await status(legacy)).toBe('refunded');
    expect(await creditNote(legacy)).toBeUndefined();
    const [mail] = await refundMails(user.email);
    expect(mail?.text_body.endsWith(`Your courses: ${t.config.publicUrl}/enrolled-courses`)).toBe(true);
    expect(mail?.html_body?.endsWith(`<a href="${t.config.publicUrl}/enrolled-courses">Your courses</a></p>`)).toBe(
      true,
    );
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .select('attachments_json')
      .where('to_address', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.attachments_json).toBeNull();
  });

  it('ends when the only other order has a refund due, or belongs to another buyer', async () => {
    const user = await createSignedInUser(t.database.db);
    const other = await createSignedInUser(t.database.db);
    const refunded = await paid(user, [c1]);
    await legacyPaidOrder(user, c1, '2026-03-01T10:00:00.000Z', true);
    await legacyPaidOrder(other, c1, '2026-03-01T10:00:00.000Z');
    await deliver(refundHook(refunded.entity, 'rfnd_endsit000001'));
    expect(await owned(user.id)).toEqual([]);
  });
});

describe('the automatic refund of a payment that could not be fulfilled', () => {
  it('completes the refund that was due, says why in the e-mail, the credit note and the history', async () => {
    const user = await createSignedInUser(t.database.db);
    const old = await checkedOut(user, [c1]);
    const newer = await paid(user, [c1, c2]);
    expect(await status(old.orderId)).toBe('expired');
    const late = captured(old.order_id);
    expect((await deliver(fake.webhook('payment.captured', { payment: late }))).statusCode).toBe(200);
    expect(await status(old.orderId)).toBe('refunded');
    const [refund] = fake.refunds.filter((entry) => entry.payment_id === late.id);
    const asked = fake.requests.filter((r) => r.path === `/v1/payments/${late.id}/refund`);
    expect(asked.map((r) => r.headers['x-refund-idempotency'])).toEqual([`refund-${old.orderId}`]);
    expect(await refundRows(old.orderId)).toEqual([
      { gateway_payment_id: late.id, gateway_refund_id: refund?.id, amount_paise: c1.paise, status: 'processed' },
    ]);
    expect(await refundEvents(old.orderId)).toEqual([
      {
        from_status: 'paid',
        to_status: 'refunded',
        source: 'webhook',
        note: `refund ${refund?.id}; automatic, buyer e-mailed`,
      },
    ]);
    expect((await creditNote(old.orderId))?.reason).toBe('Payment refunded: the order could not be fulfilled');
    const [mail] = await refundMails(user.email);
    expect(mail?.text_body).not.toContain('Access that came with this order has ended');
    expect(mail?.text_body.split('\n')[3]).toMatch(/\S/);
    expect(await owned(user.id)).toEqual(
      [
        { course_id: c1.id, order_id: newer.orderId },
        { course_id: c2.id, order_id: newer.orderId },
      ].sort((p, q) => p.course_id.localeCompare(q.course_id)),
    );
  });
});
