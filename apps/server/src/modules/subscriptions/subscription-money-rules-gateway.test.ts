import { adminAuditResponse, adminPaths, messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { FakeDelivery, FakePayment } from '../../../test/fake-razorpay.js';
import { useMembershipShop } from '../../../test/membership-kit.js';
import { reconcileSubscriptions } from './index.js';

// The memberships' money rules where the gateway, not the learner, says what was paid (issue 34, decision
// 0020's 90 % target): charges found only by asking the gateway, late or odd webhooks, a verify while the
// gateway is down, and a refund the gateway refuses. Money is recorded once, for the cycle it paid.

const { t, fake, post, deliver, setClock, followFake, newPlan, learner, admin, get, member, deliverAll } =
  useMembershipShop({ title: 'Money Rules Gateway Club' });

const at = (month: number, day: number) => Date.UTC(2026, month - 1, day, 6);
const isoDay = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** The payment a delivery of the stand-in carries, if any. */
const paymentIn = (deliveries: FakeDelivery[]): FakePayment | undefined =>
  deliveries.map((delivery) => JSON.parse(delivery.body).payload.payment?.entity).find(Boolean);
const paymentOf = (deliveries: FakeDelivery[]) => {
  const payment = paymentIn(deliveries);
  if (!payment) throw new Error('no payment in these deliveries');
  return payment;
};

/** The operator refunds the payment in Razorpay's own dashboard: the gateway holds it refunded in full. */
function refundedAtGateway(paymentId: string) {
  const payment = fake.payments.get(paymentId);
  if (!payment) throw new Error(`no payment ${paymentId}`);
  Object.assign(payment, { status: 'refunded', amount_refunded: payment.amount, refund_status: 'full' });
  return payment;
}

const chargesOf = (subscriptionId: string) =>
  t.database.db
    .selectFrom('subscription_charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('paid_at')
    .execute();

/** Each charge's tax documents: payment id, kind, the invoice's line and the credit note's data. */
async function documentsOf(subscriptionId: string) {
  const rows = await t.database.db
    .selectFrom('tax_documents')
    .innerJoin('subscription_charges', 'subscription_charges.id', 'tax_documents.subscription_charge_id')
    .select(['subscription_charges.gateway_payment_id', 'tax_documents.kind', 'tax_documents.data'])
    .where('subscription_charges.subscription_id', '=', subscriptionId)
    .execute();
  return rows.map((row) => ({ paymentId: row.gateway_payment_id, kind: row.kind, data: JSON.parse(row.data) }));
}
const invoiceLines = async (subscriptionId: string) =>
  Object.fromEntries(
    (await documentsOf(subscriptionId))
      .filter((document) => document.kind === 'invoice')
      .map((document) => [document.paymentId, document.data.lines[0].description]),
  );

/** A member whose first charge is recorded (verify, then the checkout's webhooks delivered). */
async function memberWithFirstCharge() {
  const plan = await newPlan();
  const user = await learner();
  const made = await member(user, plan.id);
  await deliverAll(made.webhooks);
  const [first] = await chargesOf(made.subscriptionId);
  if (!first) throw new Error('the first charge was not recorded');
  return { plan, user, made, first };
}

describe('charges found only by asking the gateway (their webhooks lost)', () => {
  it('reconciliation records each captured charge once: the latest for the current cycle, an earlier one from now; a charge the gateway already refunded is no payment', async () => {
    const plan = await newPlan();
    const user = await learner();
    // The checkout's webhooks and three renewals' are all lost; verify recorded the first charge.
    const made = await member(user, plan.id);
    const gid = made.gatewaySubscriptionId;
    const second = paymentOf(fake.chargeSubscription(gid));
    const third = paymentOf(fake.chargeSubscription(gid));
    const fourthRenewal = fake.chargeSubscription(gid);
    const fourth = paymentOf(fourthRenewal);
    refundedAtGateway(third.id);
    expect((await chargesOf(made.subscriptionId)).map((charge) => charge.gateway_payment_id)).toHaveLength(1);

    setClock(at(4, 25));
    await reconcileSubscriptions(t.app.deps, t.app.log);
    const charges = await chargesOf(made.subscriptionId);
    expect(charges.map((charge) => charge.gateway_payment_id).sort()).toEqual(
      [paymentOf(made.webhooks).id, second.id, fourth.id].sort(),
    );
    const lines = await invoiceLines(made.subscriptionId);
    expect(Object.keys(lines)).toHaveLength(3);
    // The latest paid the cycle the gateway's subscription is in: 10 April to 10 May.
    expect(lines[fourth.id]).toBe(`${plan.title} membership, ${isoDay(at(4, 10))} to ${isoDay(at(5, 10))}`);
    // The earlier one, found only now, is dated from now, a month long.
    expect(lines[second.id]).toBe(`${plan.title} membership, ${isoDay(at(4, 25))} to ${isoDay(at(5, 25))}`);

    // Another pass and the lost webhook arriving late record nothing more.
    setClock(at(4, 26));
    await reconcileSubscriptions(t.app.deps, t.app.log);
    await deliverAll(fourthRenewal);
    expect(await chargesOf(made.subscriptionId)).toHaveLength(3);
    expect(await documentsOf(made.subscriptionId)).toHaveLength(3);
  });
});

describe('the subscription webhooks', () => {
  it("a renewal's charged webhook delivered days late invoices the cycle it paid, once however often it comes", async () => {
    const { plan, made } = await memberWithFirstCharge();
    const renewal = fake.chargeSubscription(made.gatewaySubscriptionId);
    const payment = paymentOf(renewal);
    setClock(at(2, 13));
    await deliverAll(renewal);
    await deliverAll(renewal);
    const charges = await chargesOf(made.subscriptionId);
    expect(charges).toHaveLength(2);
    expect(charges[1]).toMatchObject({ gateway_payment_id: payment.id, amount_paise: 118_000 });
    const lines = await invoiceLines(made.subscriptionId);
    expect(lines[payment.id]).toBe(`${plan.title} membership, ${isoDay(at(2, 10))} to ${isoDay(at(3, 10))}`);
  });

  it('only a captured payment on a charged event is money: none, another event, or one refunded since records nothing', async () => {
    const { made } = await memberWithFirstCharge();
    const gid = made.gatewaySubscriptionId;
    // A charged event without a payment.
    expect((await deliver(fake.subscriptionWebhook('subscription.charged', gid))).statusCode).toBe(200);
    // The renewal's payment carried by another event than charged.
    const renewal = fake.chargeSubscription(gid);
    followFake();
    const payment = paymentOf(renewal);
    const activated = fake.subscriptionWebhook('subscription.activated', gid, payment);
    expect((await deliver(activated)).statusCode).toBe(200);
    expect(await chargesOf(made.subscriptionId)).toHaveLength(1);
    // The charged event arriving after the payment was refunded at the gateway.
    const refunded = refundedAtGateway(payment.id);
    expect((await deliver(fake.subscriptionWebhook('subscription.charged', gid, refunded))).statusCode).toBe(200);
    expect(await chargesOf(made.subscriptionId)).toHaveLength(1);
    expect(await documentsOf(made.subscriptionId)).toHaveLength(1);
    // The next renewal, captured and charged, is recorded.
    const next = fake.chargeSubscription(gid);
    followFake();
    await deliverAll(next);
    expect((await chargesOf(made.subscriptionId)).map((charge) => charge.gateway_payment_id)).toContain(
      paymentOf(next).id,
    );
    expect(await chargesOf(made.subscriptionId)).toHaveLength(2);
  });
});

describe("the learner's verify", () => {
  it('the gateway down: 503 saying it will be confirmed, no charge yet; once it is back verify records the charge once', async () => {
    const plan = await newPlan();
    const user = await learner();
    const res = await post('/api/subscriptions', user, { planId: plan.id });
    expect(res.statusCode, res.body).toBe(201);
    const { subscriptionId, gatewaySubscriptionId } = res.json();
    const { answer, webhooks } = fake.authenticateSubscription(gatewaySubscriptionId);
    fake.mode = 'down';
    const down = await post('/api/subscriptions/verify', user, answer);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().message).toBe(messages.subscriptionNotConfirmedYet);
    expect(await chargesOf(subscriptionId)).toHaveLength(0);
    fake.mode = 'up';
    const again = await post('/api/subscriptions/verify', user, answer);
    expect(again.statusCode, again.body).toBe(200);
    await deliverAll(webhooks);
    expect((await chargesOf(subscriptionId)).map((charge) => charge.gateway_payment_id)).toEqual([
      answer.razorpay_payment_id,
    ]);
    expect(await documentsOf(subscriptionId)).toHaveLength(1);
  });

  it('the gateway refusing to read the subscription: 503 saying it will be confirmed (not a 500), nothing stored', async () => {
    const plan = await newPlan();
    const user = await learner();
    const res = await post('/api/subscriptions', user, { planId: plan.id });
    expect(res.statusCode, res.body).toBe(201);
    const { subscriptionId, gatewaySubscriptionId } = res.json();
    const { answer } = fake.authenticateSubscription(gatewaySubscriptionId);
    const held = fake.subscriptions.get(gatewaySubscriptionId);
    if (!held) throw new Error('no subscription at the gateway');
    // Razorpay answers 400 "The id provided does not exist" (a key of another account, say).
    fake.subscriptions.delete(gatewaySubscriptionId);
    const refused = await post('/api/subscriptions/verify', user, answer);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().message).toBe(messages.subscriptionNotConfirmedYet);
    expect(await chargesOf(subscriptionId)).toHaveLength(0);
    fake.subscriptions.set(gatewaySubscriptionId, held);
    expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);
  });
});

describe("the operator's refund of one charge", () => {
  it('refused by the gateway (refunded in its dashboard already): 409 with its reason, the charge unrefunded, no credit note', async () => {
    const { made, first } = await memberWithFirstCharge();
    refundedAtGateway(first.gateway_payment_id);
    const operator = await admin();
    const res = await post(
      `/api/admin/subscriptions/${made.subscriptionId}/charges/${first.gateway_payment_id}/refund`,
      operator,
      {},
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(`${messages.adminRefundRejected}: The payment has been fully refunded already`);
    expect((await chargesOf(made.subscriptionId))[0]?.refunded_at).toBeNull();
    expect((await documentsOf(made.subscriptionId)).map((document) => document.kind)).toEqual(['invoice']);
  });

  it('a refund leaves its credit note with its reason and an audit entry naming the charge before and after', async () => {
    const { made, first } = await memberWithFirstCharge();
    const operator = await admin();
    const res = await post(
      `/api/admin/subscriptions/${made.subscriptionId}/charges/${first.gateway_payment_id}/refund`,
      operator,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    const note = (await documentsOf(made.subscriptionId)).find((document) => document.kind === 'credit_note');
    expect(note?.data.reason).toBe('Membership payment refunded');
    expect(note?.data.number).toBe(done.creditNoteNumber);
    const audit = await get(adminPaths.audit, operator);
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = adminAuditResponse
      .parse(audit.json())
      .entries.find((row) => row.action === 'subscription.charge_refund' && row.entityId === made.subscriptionId);
    expect(entry?.entity).toBe('subscription');
    expect(entry?.actorEmail).toBe(operator.email);
    expect(JSON.parse(entry?.before ?? 'null')).toEqual({
      gatewayPaymentId: first.gateway_payment_id,
      refunded: false,
    });
    expect(JSON.parse(entry?.after ?? 'null')).toEqual({
      gatewayPaymentId: first.gateway_payment_id,
      refunded: true,
      gatewayRefundId: done.gatewayRefundId,
      amountPaise: 118_000,
      creditNote: done.creditNoteNumber,
    });
  });
});
