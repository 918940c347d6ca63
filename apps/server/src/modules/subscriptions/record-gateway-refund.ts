import type { AppDeps } from '../../deps.js';
import { issueChargeCreditNote } from '../billing/issue-charge-credit-note.js';
import { lockChargeByPayment, markChargeRefunded } from './charges-repo.js';

export type GatewayRefundOutcome = 'recorded' | 'already' | 'partial' | 'not_a_charge';

/**
 * A membership charge refunded at the gateway itself (Razorpay's `refund.processed`: a refund made in its
 * dashboard, or the console's own refund whose process died before recording it). Refunded in full, the
 * charge is marked refunded and its credit note issued against its invoice, in one transaction under the
 * charge's lock, so once however often the event is delivered and whoever else records the same refund
 * (the console's refund finds it done). A part refund is left as it is (logged by the caller), as for orders;
 * a payment that is no membership charge is not this module's.
 */
export async function recordGatewayRefund(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config'>,
  refund: { gatewayPaymentId: string; gatewayRefundId: string; amountPaise: number; fullyRefunded: boolean },
  now = new Date(),
): Promise<GatewayRefundOutcome> {
  return deps.db.transaction().execute(async (trx) => {
    const charge = await lockChargeByPayment(trx, deps.dbKind, refund.gatewayPaymentId);
    if (!charge) return 'not_a_charge';
    if (charge.refunded_at !== null) return 'already';
    if (!refund.fullyRefunded) return 'partial';
    const stamp = now.toISOString();
    await markChargeRefunded(trx, charge.id, { gatewayRefundId: refund.gatewayRefundId, now: stamp });
    await issueChargeCreditNote(
      trx,
      deps.config.tax,
      charge.id,
      refund.amountPaise,
      'Membership payment refunded',
      now,
    );
    return 'recorded';
  });
}
