import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { type FakeDelivery, replayed, reversed } from '../../../test/fake-razorpay.js';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { demoLines } from '../../../test/payments-kit.js';
import { pdfText } from '../../../test/pdf.js';

// Each captured membership charge and its GST tax invoice (issue 34, decision 0037's addendum), as the
// learner's browser, Razorpay's servers and the operator meet them: one invoice per charge from the
// orders' own series, whatever order or number of times the gateway's events and the checkout's verify
// arrive; the learner's invoice link; the operator's refund of one charge with its credit note.

const {
  t,
  fake,
  post,
  deliver,
  followFake,
  newPlan,
  learner,
  admin,
  signedInAgain,
  get,
  mine,
  deliverAll,
  subscribed,
  chargedMember,
} = useMembershipShop({ title: "Trader's Club" });
const [c1] = demoCourseIds;

/** The tax documents of a subscription's charges, by kind. */
async function documentsOf(subscriptionId: string) {
  return t.database.db
    .selectFrom('tax_documents')
    .innerJoin('subscription_charges', 'subscription_charges.id', 'tax_documents.subscription_charge_id')
    .select(['tax_documents.kind', 'tax_documents.number', 'tax_documents.sequence', 'tax_documents.data'])
    .where('subscription_charges.subscription_id', '=', subscriptionId)
    .orderBy('tax_documents.kind', 'desc')
    .orderBy('tax_documents.sequence')
    .execute();
}
const chargesOf = (subscriptionId: string) =>
  t.database.db.selectFrom('subscription_charges').selectAll().where('subscription_id', '=', subscriptionId).execute();

/** A paid order with billing details (Maharashtra, unless told), as the checkout makes it. */
async function boughtWithBilling(user: TestUser, billing: Record<string, unknown> = { state: '27', pin: '411001' }) {
  const course = demoLines[2];
  if (!course) throw new Error('no demo course');
  expect((await post('/api/cart/add', user, { courseId: course.id })).statusCode).toBe(200);
  const order = await post('/api/create-order', user, {
    amount: course.rupees,
    name: 'Asha Patel',
    email: user.email,
    ...billing,
    disclaimerAccepted: true,
  });
  expect(order.statusCode, order.body).toBe(200);
  const paid = fake.pay(order.json().order_id);
  expect((await post('/api/verify-payment', user, paid)).statusCode).toBe(200);
  return order.json().orderId as string;
}

describe("each charge's tax invoice", () => {
  it('verify alone records the first charge with its invoice, from the same series as orders; renewals get the next numbers', async () => {
    const plan = await newPlan();
    const user = await learner();
    const orderId = await boughtWithBilling(user);
    const orderInvoice = await t.database.db
      .selectFrom('tax_documents')
      .select(['number', 'sequence', 'financial_year'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();

    const made = await subscribed(user, plan.id);
    const { answer } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    // No webhook is delivered: the verify asks the gateway for the captured charge.
    expect((await post('/api/subscriptions/verify', user, answer)).statusCode).toBe(200);
    const [listed] = await mine(user);
    expect(listed?.charges).toHaveLength(1);
    const first = listed?.charges[0];
    expect(first).toMatchObject({ amount: 1180 });
    expect(first?.invoiceUrl).toBe(`/api/my/subscriptions/${made.subscriptionId}/charges/${first?.paymentId}/invoice`);
    const [invoice] = await documentsOf(made.subscriptionId);
    expect(invoice?.number.split('/')[0]).toBe(orderInvoice.number.split('/')[0]);
    expect(invoice?.sequence).toBe(orderInvoice.sequence + 1);
    const data = JSON.parse(invoice?.data ?? '{}');
    // The learner's latest billing details: Maharashtra, so IGST; the line names the plan and the cycle.
    expect(data.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(data.taxMode).toBe('inter');
    expect(data.buyer).toMatchObject({ name: 'Asha Patel', stateCode: '27', pin: '411001' });
    expect(data.lines.map((line: { description: string }) => line.description)).toEqual([
      `${plan.title} membership, 2026-01-10 to 2026-02-10`,
    ]);
    expect(data.totals).toMatchObject({ totalPaise: 118_000, taxablePaise: 100_000, igstPaise: 18_000, cgstPaise: 0 });
    expect(data.subscriptionCharge).toEqual({
      subscriptionId: made.gatewaySubscriptionId,
      paymentId: first?.paymentId,
    });

    // The PDF renders for its learner; another learner (and a visitor) gets what an unknown id gets.
    const pdf = await get(first?.invoiceUrl ?? '', user);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(invoice?.number);
    expect(text).toContain(`${plan.title} membership`);
    expect(text).toContain(`Membership payment: ${first?.paymentId}`);
    const other = await get(first?.invoiceUrl ?? '', await learner());
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(messages.orderDocumentMissing);
    const elsewhere = await get(
      `/api/my/subscriptions/x${made.subscriptionId}/charges/${first?.paymentId}/invoice`,
      user,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: first?.invoiceUrl ?? '' })).statusCode).toBe(401);

    // A renewal: its own invoice, the next number of the series.
    fake.chargeSubscription(made.gatewaySubscriptionId);
    followFake();
    const renewal = fake.chargeSubscription(made.gatewaySubscriptionId);
    followFake();
    await deliverAll(renewal);
    const documents = await documentsOf(made.subscriptionId);
    expect(documents.map((document) => document.kind)).toEqual(['invoice', 'invoice']);
    expect(documents[1]?.sequence).toBe((invoice?.sequence ?? 0) + 1);
  });

  it("without billing details the shop's own state is the place of supply (CGST and SGST)", async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await chargedMember(user, plan.id);
    const [invoice] = await documentsOf(made.subscriptionId);
    const data = JSON.parse(invoice?.data ?? '{}');
    expect(data.placeOfSupply.code).toBe(t.config.tax.stateCode);
    expect(data.taxMode).toBe('intra');
    expect(data.buyer).toMatchObject({ name: user.username, email: user.email });
    expect(data.totals).toMatchObject({ totalPaise: 118_000, cgstPaise: 9_000, sgstPaise: 9_000, igstPaise: 0 });
  });

  it('replays ×5, charged before activated, and verify racing the webhook: one charge, one invoice', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await subscribed(user, plan.id);
    const { answer, webhooks } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    const charged = webhooks.filter((hook) => JSON.parse(hook.body).event === 'subscription.charged');
    // The checkout's verify and the charged webhook at the same moment, then everything again, reversed.
    const [verified, ...hooks] = await Promise.all([
      post('/api/subscriptions/verify', user, answer),
      ...charged.map((hook) => deliver(hook)),
      ...replayed(charged).map((hook) => deliver(hook)),
    ]);
    expect(verified?.statusCode, verified?.body).toBe(200);
    expect(hooks.map((hook) => hook.statusCode)).toEqual(hooks.map(() => 200));
    for (let round = 0; round < 5; round += 1) await deliverAll(replayed(reversed(webhooks)));
    expect(await chargesOf(made.subscriptionId)).toHaveLength(1);
    const documents = await documentsOf(made.subscriptionId);
    expect(documents.map((document) => document.kind)).toEqual(['invoice']);
    expect((await mine(user))[0]?.status).toBe('active');
  });

  it('twenty verifies and webhooks at once still give one invoice', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await subscribed(user, plan.id);
    const { answer, webhooks } = fake.authenticateSubscription(made.gatewaySubscriptionId);
    const charged = webhooks.filter((hook) => JSON.parse(hook.body).event === 'subscription.charged');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? post('/api/subscriptions/verify', user, answer)
          : deliver(replayed(charged)[0] as FakeDelivery),
      ).concat(Array.from({ length: 10 }, () => deliver(charged[0] as FakeDelivery))),
    );
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    expect(await chargesOf(made.subscriptionId)).toHaveLength(1);
    expect(await documentsOf(made.subscriptionId)).toHaveLength(1);
  });

  it("the month's register and GSTR-1 B2CS include the charges' invoices", async () => {
    const operator = await admin();
    /** The taxable value in the month's B2CS sheet (every buyer here is unregistered and in India). */
    const b2csTaxable = async () => {
      const res = await get('/api/admin/gstr1?month=2026-01&section=b2cs', operator);
      expect(res.statusCode, res.body).toBe(200);
      const [head = '', ...rows] = res.body.trim().split('\n');
      const column = head.split(',').indexOf('Taxable Value');
      return rows.reduce((sum, line) => sum + Math.round(Number(line.split(',')[column] ?? 0) * 100), 0);
    };
    const before = await b2csTaxable();
    const plan = await newPlan();
    const user = await learner();
    const made = await chargedMember(user, plan.id);
    const [invoice] = await documentsOf(made.subscriptionId);
    const register = await get('/api/admin/invoices?month=2026-01', operator);
    expect(register.statusCode, register.body).toBe(200);
    const row = register.json().register.rows.find((entry: { number: string }) => entry.number === invoice?.number);
    expect(row).toMatchObject({ kind: 'invoice', totalPaise: 118_000, taxablePaise: 100_000 });
    expect(await b2csTaxable()).toBe(before + 100_000);
  });
});

describe("the operator's refund of one charge", () => {
  const refundUrl = (subscriptionId: string, paymentId: string) =>
    `/api/admin/subscriptions/${subscriptionId}/charges/${paymentId}/refund`;

  it('twenty refunds at once: one gateway refund, one credit note against the invoice, one audit row; the others 409', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await chargedMember(user, plan.id);
    const [charge] = await chargesOf(made.subscriptionId);
    const paymentId = charge?.gateway_payment_id ?? '';
    const operator = await admin();
    const before = fake.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(refundUrl(made.subscriptionId, paymentId), operator, {})),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    const done = answers.find((res) => res.statusCode === 200)?.json();
    expect(done).toMatchObject({ ok: true, subscriptionId: made.subscriptionId, paymentId, amount: 1180 });
    const refused = answers.find((res) => res.statusCode === 409)?.json();
    expect(refused.message).toBe(messages.subscriptionChargeRefunded);
    // The gateway refunded the payment once, in full, under the charge's own key.
    expect(fake.payments.get(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 118_000 });
    const sent = fake.requests.slice(before).filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(new Set(sent.map((r) => r.headers['x-refund-idempotency']))).toEqual(
      new Set([`refund-charge-${charge?.id}`]),
    );

    const documents = await documentsOf(made.subscriptionId);
    expect(documents.map((document) => document.kind)).toEqual(['invoice', 'credit_note']);
    const note = JSON.parse(documents[1]?.data ?? '{}');
    expect(done.creditNoteNumber).toBe(documents[1]?.number);
    expect(note.against.number).toBe(documents[0]?.number);
    expect(note.totals.totalPaise).toBe(118_000);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'subscription.charge_refund')
      .where('entity_id', '=', made.subscriptionId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(operator.id);

    // The learner sees the refund and opens the credit note; access stays until the operator cancels.
    const session = await signedInAgain(user);
    const [listed] = await mine(session);
    expect(listed?.charges[0]?.refundedAt).not.toBeNull();
    const creditNote = await get(listed?.charges[0]?.creditNoteUrl ?? '', session);
    expect(creditNote.statusCode).toBe(200);
    expect(await pdfText(creditNote.rawPayload)).toContain(documents[0]?.number);
    expect(listed?.status).toBe('active');
    expect((await get(`/api/learn/${c1}`, session)).statusCode).toBe(200);
  });

  it('only an admin from the shop refunds: a learner 403, a foreign origin 403, an unknown charge 404', async () => {
    const plan = await newPlan();
    const user = await learner();
    const made = await chargedMember(user, plan.id);
    const [charge] = await chargesOf(made.subscriptionId);
    const url = refundUrl(made.subscriptionId, charge?.gateway_payment_id ?? '');
    expect((await post(url, user, {})).statusCode).toBe(403);
    const operator = await admin();
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://evil.example', cookie: operator.cookie },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await post(refundUrl(made.subscriptionId, 'pay_unknown1234'), operator, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.subscriptionChargeNotFound);
    expect(fake.payments.get(charge?.gateway_payment_id ?? '')?.status).toBe('captured');
    expect((await documentsOf(made.subscriptionId)).map((document) => document.kind)).toEqual(['invoice']);
  });
});
