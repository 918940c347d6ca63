import { messages } from '@shop/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { deliveredRefundMails, mailsQueued, orderEvents, refundMailsQueued } from '../../../test/order-records.js';
import { activeCourseIds, demoLines, orderStatus, usePaymentsShop } from '../../../test/payments-kit.js';
import { hashPassword } from '../../auth/passwords.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { reconcilePayments } from './reconcile-payments.js';

// Issue 32 item 1 (attack A10): a genuine payment that arrives after the buyer deleted the account, or
// while it is suspended or closed, must not be granted to it nor invoiced; it is refunded through the
// gateway, the refund notice goes to the address typed on the order (never the tombstone), and the
// operator sees it in the order's history and the audit log (decision 0015, addendum).

const log = pino({ level: 'silent' });
const [c1, c2] = demoLines;
const password = 'a long passphrase of my own';

const { t, fake, origin, deliver } = usePaymentsShop('file');

const call = (url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: origin() },
    ...(payload ? { payload } : {}),
  });

/** A learner with a password who checks out `course`, billed to their own `billing` address. */
async function checkedOutLearner(course: (typeof demoLines)[number]) {
  const user = await createSignedInUser(t.database.db);
  await t.database.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', user.id)
    .execute();
  expect((await call('/api/cart/add', user, { courseId: course.id })).statusCode).toBe(200);
  const billing = `billing-${user.id}@example.net`;
  const res = await call('/api/create-order', user, {
    amount: course.rupees,
    name: 'Asha Patel',
    email: billing,
    discountCouponId: null,
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json() as { orderId: string; order_id: string };
  return { user, billing, order };
}

async function setStatus(user: TestUser, status: 'suspended' | 'terminated') {
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const res = await call(`/api/admin/learners/${user.id}/status`, admin, { status });
  expect(res.statusCode, res.body).toBe(200);
}

async function accountEmail(userId: string) {
  const row = await t.database.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.email;
}

async function documentsOf(orderId: string) {
  const rows = await t.database.db.selectFrom('tax_documents').select('kind').where('order_id', '=', orderId).execute();
  return rows.map((row) => row.kind);
}

async function refundRows(orderId: string) {
  return t.database.db
    .selectFrom('refunds')
    .select(['status', 'amount_paise'])
    .where('order_id', '=', orderId)
    .execute();
}

async function auditRows(orderId: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_email', 'after_json'])
    .where('entity', '=', 'order')
    .where('entity_id', '=', orderId)
    .execute();
}

/** What every refused payment leaves: refunded once at the gateway, nothing granted, invoiced or mailed to the account. */
async function expectRefundedNotFulfilled(
  user: TestUser,
  billing: string,
  orderId: string,
  paymentId: string,
  course: (typeof demoLines)[number],
  why: RegExp,
) {
  expect(await orderStatus(t.database.db, orderId)).toBe('refunded');
  expect(await activeCourseIds(t.database.db, user.id)).toEqual([]);
  expect(fake.refunds.filter((refund) => refund.payment_id === paymentId).map((refund) => refund.amount)).toEqual([
    course.paise,
  ]);
  expect(await refundRows(orderId)).toEqual([{ status: 'processed', amount_paise: course.paise }]);
  // No invoice for a sale that did not happen to a closed account, hence no credit note either.
  expect(await documentsOf(orderId)).toEqual([]);
  // The refund notice goes to the address on the order; nothing at all to the account's own address.
  // Read as delivered: a sent mail's body is not kept in the queue.
  const notices = await deliveredRefundMails(t, billing);
  expect(notices).toHaveLength(1);
  expect(notices[0]).toContain(orderId);
  expect(await mailsQueued(t.database.db, await accountEmail(user.id), ['subject'])).toEqual([]);
  // The operator sees it: the order's history and a row in the audit log.
  const history = await orderEvents(t.database.db, orderId, ['to_status', 'note'], {}, ['created_at', 'id']);
  const notes = history.map((event) => `${event.to_status}: ${event.note}`);
  expect(notes).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`^paid: payment ${paymentId}; not fulfilled, refund due: ${why.source}`)),
      expect.stringMatching(/^refunded: refund rfnd_.*; automatic, buyer e-mailed$/),
    ]),
  );
  const audit = await auditRows(orderId);
  expect(audit.map((row) => row.action)).toEqual(['order.payment_for_inactive_account']);
  expect(JSON.parse(audit[0]?.after_json ?? '{}')).toMatchObject({ gatewayPaymentId: paymentId, refund: 'due' });
  return notices[0] ?? '';
}

describe('a payment for an account that is no longer active', () => {
  it('deleted, then a genuinely signed order.paid webhook: refunded, not granted, not invoiced, told at the order address', async () => {
    const { user, billing, order } = await checkedOutLearner(c1);
    const deleted = await call('/api/me/delete', user, { password });
    expect(deleted.json()).toMatchObject({ deleted: true, message: messages.accountDeleted });
    // Deletion closes the open order and says why in its history.
    expect(await orderStatus(t.database.db, order.orderId)).toBe('expired');
    const closed = await orderEvents(t.database.db, order.orderId, ['source', 'note'], { toStatus: 'expired' });
    expect(closed).toEqual([{ source: 'account', note: 'account deleted by the learner' }]);

    // The Razorpay window left open takes the money; Razorpay's signed webhook reports it.
    const paid = fake.pay(order.order_id);
    const entity = fake.payments.get(paid.razorpay_payment_id);
    const hook = fake.webhook('order.paid', { payment: entity, order: fake.orders.get(order.order_id) });
    const answer = await deliver(hook);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true, duplicate: false });

    const text = await expectRefundedNotFulfilled(
      user,
      billing,
      order.orderId,
      paid.razorpay_payment_id,
      c1,
      /the buyer's account is closed/,
    );
    expect(text).toContain('after your account was closed');
    expect(await accountEmail(user.id)).toMatch(/^deleted-.*@invalid$/);

    // Replays from the other paths refund nothing more.
    expect((await deliver(fake.webhook('payment.captured', { payment: entity }))).statusCode).toBe(200);
    await reconcilePayments(t.app.deps, log, new Date(Date.now() + 20 * 60_000));
    expect(fake.refunds.filter((refund) => refund.payment_id === paid.razorpay_payment_id)).toHaveLength(1);
    expect(await refundMailsQueued(t.database.db, billing, ['subject'])).toHaveLength(1);
  });

  it('suspended, the payment found by reconciliation: refunded the same way', async () => {
    const { user, billing, order } = await checkedOutLearner(c2);
    await setStatus(user, 'suspended');
    const paid = fake.pay(order.order_id);

    await reconcilePayments(t.app.deps, log, new Date(Date.now() + 20 * 60_000));
    const text = await expectRefundedNotFulfilled(
      user,
      billing,
      order.orderId,
      paid.razorpay_payment_id,
      c2,
      /the buyer's account is suspended/,
    );
    expect(text).toContain('while your account is suspended');
  });

  it('terminated by the operator, confirmed through the browser verify path: refunded the same way', async () => {
    const { user, billing, order } = await checkedOutLearner(c1);
    await setStatus(user, 'terminated');
    const paid = fake.pay(order.order_id);

    // The buyer's session ended with the account, so the verify call reaches fulfilment's single entry only.
    const result = await fulfilOrder(
      fulfilContext(t.app.deps),
      order.orderId,
      { gatewayPaymentId: paid.razorpay_payment_id, amountPaise: c1.paise },
      'verify',
    );
    expect(result).toEqual({ orderId: order.orderId, granted: false, refunded: true });
    await expectRefundedNotFulfilled(
      user,
      billing,
      order.orderId,
      paid.razorpay_payment_id,
      c1,
      /the buyer's account is closed/,
    );
  });
});
