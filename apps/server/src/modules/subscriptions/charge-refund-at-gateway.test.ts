import { describe, expect, it } from 'vitest';
import { useMembershipShop } from '../../../test/membership-kit.js';
import { recordGatewayRefund } from './record-gateway-refund.js';

// A membership charge refunded at Razorpay itself (its dashboard, or the console's refund whose process
// died before recording it): the `refund.processed` webhook marks the charge refunded and issues its
// credit note against its invoice, once however often it is delivered, so the GST books and My
// Memberships agree with the money. A part refund changes nothing (as for orders).

const { t, fake, deliver, newPlan, learner, chargedMember, mine, get, admin, post } = useMembershipShop({
  title: 'Refunded club',
});

/** The captured payment of the subscription's first charge, as the stand-in holds it. */
function firstCharge(gatewaySubscriptionId: string) {
  const payment = [...fake.payments.values()].find(
    (entry) => entry.status === 'captured' && fake.orders.get(entry.order_id)?.receipt === gatewaySubscriptionId,
  );
  if (!payment) throw new Error('no captured charge');
  return payment;
}

/** Razorpay's `refund.processed` for `amount` paise of the payment, refunded in its dashboard. */
function refundedAtGateway(payment: ReturnType<typeof firstCharge>, amount: number, refundId: string) {
  return fake.webhook('refund.processed', {
    refund: { id: refundId, payment_id: payment.id, amount },
    payment: { ...payment, amount_refunded: amount, status: amount >= payment.amount ? 'refunded' : 'captured' },
  });
}

const creditNotes = () =>
  t.database.db
    .selectFrom('tax_documents')
    .select(['number', 'subscription_charge_id'])
    .where('kind', '=', 'credit_note')
    .where('subscription_charge_id', 'is not', null)
    .execute();

describe('a membership charge refunded at the gateway', () => {
  it('in full, delivered three times: the charge refunded with one credit note the learner can download; the console then refuses a second refund', async () => {
    const user = await learner();
    const made = await chargedMember(user, (await newPlan()).id);
    const payment = firstCharge(made.gatewaySubscriptionId);
    const before = (await creditNotes()).length;
    for (let i = 0; i < 3; i += 1)
      expect((await deliver(refundedAtGateway(payment, payment.amount, 'rfnd_dashboard01'))).statusCode).toBe(200);

    const [charge] = (await mine(user)).find((s) => s.id === made.subscriptionId)?.charges ?? [];
    expect(charge).toMatchObject({ paymentId: payment.id, refundedAt: expect.any(String) });
    expect(charge?.creditNoteUrl).toEqual(expect.any(String));
    expect((await creditNotes()).length).toBe(before + 1);
    const pdf = await get(charge?.creditNoteUrl ?? '', user);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const refundsBefore = fake.refunds.length;
    const again = await post(
      `/api/admin/subscriptions/${made.subscriptionId}/charges/${payment.id}/refund`,
      await admin(),
      {},
    );
    expect(again.statusCode).toBe(409);
    expect(fake.refunds.length).toBe(refundsBefore);
  });

  it('in part: nothing recorded, no credit note', async () => {
    const user = await learner();
    const made = await chargedMember(user, (await newPlan()).id);
    const payment = firstCharge(made.gatewaySubscriptionId);
    const before = (await creditNotes()).length;
    expect((await deliver(refundedAtGateway(payment, 100, 'rfnd_dashboard02'))).statusCode).toBe(200);
    const [charge] = (await mine(user)).find((s) => s.id === made.subscriptionId)?.charges ?? [];
    expect(charge).toMatchObject({ refundedAt: null, creditNoteUrl: null });
    expect((await creditNotes()).length).toBe(before);
  });

  it('says what it did, as the webhook logs it: recorded once with its reason, then already; part, or no charge of ours', async () => {
    const user = await learner();
    const made = await chargedMember(user, (await newPlan()).id);
    const payment = firstCharge(made.gatewaySubscriptionId);
    const deps = t.app.deps;
    const refund = (fields: object) =>
      recordGatewayRefund(deps, {
        gatewayPaymentId: payment.id,
        gatewayRefundId: 'rfnd_direct01',
        amountPaise: payment.amount,
        fullyRefunded: true,
        ...fields,
      });
    expect(await refund({ gatewayPaymentId: 'pay_not_ours_000' })).toBe('not_a_charge');
    expect(await refund({ amountPaise: 100, fullyRefunded: false })).toBe('partial');
    const before = (await creditNotes()).length;
    expect(await refund({})).toBe('recorded');
    // A second refund event for the paid-back charge (another refund id, so not a replay): nothing more.
    expect(await refund({ gatewayRefundId: 'rfnd_direct02' })).toBe('already');
    const notes = await t.database.db
      .selectFrom('tax_documents')
      .innerJoin('subscription_charges', 'subscription_charges.id', 'tax_documents.subscription_charge_id')
      .select('tax_documents.data')
      .where('tax_documents.kind', '=', 'credit_note')
      .where('subscription_charges.gateway_payment_id', '=', payment.id)
      .execute();
    expect((await creditNotes()).length).toBe(before + 1);
    expect(notes.map((note) => JSON.parse(note.data).reason)).toEqual(['Membership payment refunded']);
    const charge = await t.database.db
      .selectFrom('subscription_charges')
      .select('gateway_refund_id')
      .where('gateway_payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(charge.gateway_refund_id).toBe('rfnd_direct01');
  });
});
