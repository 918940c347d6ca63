import { type MySubscriptionsResponse, paiseToRupees, subscriptionChargeDocumentPath } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { chargeDocumentNumbers } from '../billing/charge-document-numbers.js';
import { findCharges, findUserSubscriptions } from './repo.js';

/**
 * The learner's memberships, newest first, each with its captured charges (oldest first) and the links
 * to each charge's tax invoice and, once refunded, credit note (decision 0037).
 */
export async function listMySubscriptions(db: Db, userId: string): Promise<MySubscriptionsResponse> {
  const rows = await findUserSubscriptions(db, userId);
  const charges = await findCharges(
    db,
    rows.map((row) => row.id),
  );
  const documents = await chargeDocumentNumbers(
    db,
    charges.map((charge) => charge.id),
  );
  return {
    ok: true,
    subscriptions: rows.map((row) => ({
      id: row.id,
      planId: row.plan_id,
      status: row.status,
      currentPeriodEnd: row.current_period_end,
      nextChargeAt: row.next_charge_at,
      amount: paiseToRupees(row.amount_paise),
      cancelAtPeriodEnd: row.cancel_at_period_end === 1,
      charges: charges
        .filter((charge) => charge.subscription_id === row.id)
        .map((charge) => {
          const issued = documents.get(charge.id);
          const link = (kind: 'invoice' | 'credit-note') =>
            subscriptionChargeDocumentPath(row.id, charge.gateway_payment_id, kind);
          return {
            paymentId: charge.gateway_payment_id,
            amount: paiseToRupees(charge.amount_paise),
            paidAt: charge.paid_at,
            invoiceUrl: issued?.invoice ? link('invoice') : null,
            refundedAt: charge.refunded_at,
            creditNoteUrl: issued?.creditNote ? link('credit-note') : null,
          };
        }),
    })),
  };
}
