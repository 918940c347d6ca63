import { messages, paiseToRupees, type RefundChargeResponse } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { type GatewayRefund, GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { issueChargeCreditNote } from '../billing/issue-charge-credit-note.js';
import { findChargeOfSubscription, lockChargeByPayment, markChargeRefunded } from './charges-repo.js';

/**
 * One refund key per charge, so the gateway refunds a charge once whoever asks and however often (a double
 * click, twenty operators at once, a retry after a timeout). Razorpay takes 10 or more letters, digits,
 * hyphens and underscores.
 */
export const chargeRefundKey = (chargeId: string) => `refund-charge-${chargeId}`;

/**
 * The operator refunds one captured charge of a membership in full (decision 0037, addendum): the gateway
 * refunds that payment (orders' `refundPayment`, keyed per charge), then one transaction marks the charge
 * refunded, issues the credit note against its invoice (the credit-note series, as an order's) and writes
 * the audit row. Concurrent refunds all get the same refund back from the gateway; only the one whose write
 * finds the charge unrefunded answers 200, the others 409. The membership itself is left as the gateway
 * holds it: access stays until the operator cancels it (a refund is money back, not an end).
 */
export async function refundCharge(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config' | 'gateway'>,
  actor: SessionUser,
  subscriptionId: string,
  paymentId: string,
  now = new Date(),
): Promise<RefundChargeResponse> {
  const charge = await findChargeOfSubscription(deps.db, subscriptionId, paymentId);
  if (!charge) throw new AppError('not_found', messages.subscriptionChargeNotFound);
  if (charge.refunded_at) throw new AppError('conflict', messages.subscriptionChargeRefunded);
  let refund: GatewayRefund;
  try {
    refund = await deps.gateway.refundPayment(paymentId, charge.amount_paise, chargeRefundKey(charge.id));
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.adminRefundGatewayDown);
    // Stryker disable next-line ConditionalExpression: the gateway's refundPayment throws only its two errors (the unavailable one is answered above), so `true` cannot differ; the `false` half is killed by the refused-refund test, but both go by this one name
    if (error instanceof GatewayRejectedError)
      throw new AppError('conflict', `${messages.adminRefundRejected}: ${error.message}`);
    throw error;
  }
  const creditNote = await deps.db.transaction().execute(async (trx) => {
    await lockChargeByPayment(trx, deps.dbKind, paymentId);
    const stamp = now.toISOString();
    if (!(await markChargeRefunded(trx, charge.id, { gatewayRefundId: refund.id, now: stamp }))) return undefined;
    const number = await issueChargeCreditNote(
      trx,
      deps.config.tax,
      charge.id,
      refund.amount,
      'Membership payment refunded',
      now,
    );
    await writeAudit(
      trx,
      actor,
      {
        action: 'subscription.charge_refund',
        entity: 'subscription',
        entityId: subscriptionId,
        before: { gatewayPaymentId: paymentId, refunded: false },
        after: {
          gatewayPaymentId: paymentId,
          refunded: true,
          gatewayRefundId: refund.id,
          amountPaise: refund.amount,
          creditNote: number,
        },
      },
      now,
    );
    return { number };
  });
  if (!creditNote) throw new AppError('conflict', messages.subscriptionChargeRefunded);
  return {
    ok: true,
    subscriptionId,
    paymentId,
    gatewayRefundId: refund.id,
    amount: paiseToRupees(refund.amount),
    creditNoteNumber: creditNote.number,
  };
}
