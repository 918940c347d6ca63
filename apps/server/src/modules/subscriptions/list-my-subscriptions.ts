import { type MySubscriptionsResponse, paiseToRupees, subscriptionChargeDocumentPath } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { chargeDocumentNumbers } from '../billing/charge-document-numbers.js';
import { planSummary } from '../plans/index.js';
import { findCharges, findUserSubscriptions } from './repo.js';

/**
 * The learner's memberships, newest first, each with its captured charges (oldest first) and the links
 * to each charge's tax invoice and, once refunded, credit note (decision 0037). A resume or new payment
 * method is listed once it took over (an abandoned one is not): the old one names it (`replacedBy`), it
 * names the old one (`replaces`) and its first charge (`startsAt`).
 */
export async function listMySubscriptions(db: Db, userId: string): Promise<MySubscriptionsResponse> {
  const rows = (await findUserSubscriptions(db, userId)).filter(
    (row) => row.replaces_id === null || row.took_over_at !== null,
  );
  // Newest first, so the first one found is the latest replacement of each.
  const replacedBy = new Map<string, string>();
  for (const row of rows)
    if (row.replaces_id !== null && !replacedBy.has(row.replaces_id)) replacedBy.set(row.replaces_id, row.id);
  const charges = await findCharges(
    db,
    rows.map((row) => row.id),
  );
  const documents = await chargeDocumentNumbers(
    db,
    charges.map((charge) => charge.id),
  );
  const plans = new Map(
    await Promise.all(
      [...new Set(rows.map((row) => row.plan_id))].map(async (id) => [id, await planSummary(db, id)] as const),
    ),
  );
  return {
    ok: true,
    subscriptions: rows.map((row) => ({
      id: row.id,
      planId: row.plan_id,
      // Every subscription's plan exists (a foreign key); instalments name their course or bundle.
      planTitle: plans.get(row.plan_id)?.title ?? '',
      courseId: plans.get(row.plan_id)?.instalmentCourseId ?? null,
      bundleId: plans.get(row.plan_id)?.instalmentBundleId ?? null,
      status: row.status,
      currentPeriodEnd: row.current_period_end,
      nextChargeAt: row.next_charge_at,
      amount: paiseToRupees(row.amount_paise),
      cancelAtPeriodEnd: row.cancel_at_period_end === 1,
      replacedBy: replacedBy.get(row.id) ?? null,
      replaces: row.replaces_id,
      startsAt: row.starts_at,
      disclaimerAcceptedAt: row.disclaimer_accepted_at,
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
