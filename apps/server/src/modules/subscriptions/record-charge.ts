import type { AppDeps } from '../../deps.js';
import { newId } from '../../ids.js';
import { cycleEnd } from '../../payments/billing-cycles.js';
import { issueChargeInvoice } from '../billing/issue-charge-invoice.js';
import { planInvoiceName } from '../plans/index.js';
import { lockChargeByPayment } from './charges-repo.js';
import { gatewayPeriodOf } from './gateway-plan-for.js';
import { countCharges } from './instalments-repo.js';
import { insertCharge, type SubscriptionRow } from './repo.js';

/** A charge the gateway reports captured: by a signed webhook, or read from the gateway itself. */
export interface CapturedCharge {
  paymentId: string;
  amountPaise: number;
  international: boolean;
}

/** The cycle the charge paid for, in the gateway's Unix seconds, when known. */
export interface PaidCycle {
  start: number | null;
  end: number | null;
}

/**
 * Records a captured charge and issues its GST tax invoice in one transaction (decision 0037, addendum):
 * the charge once by its payment id (a repeat inserts nothing), then, under the charge row's lock, the
 * invoice unless it exists. Webhook replays, `charged` before `activated`, verify racing the webhook and
 * reconciliation all come here, so each captured charge has exactly one invoice, and a process killed
 * mid-way rolls both back (the next delivery, verify or reconciliation records them). Returns the
 * invoice's number.
 */
export async function recordCharge(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config'>,
  row: Pick<SubscriptionRow, 'id' | 'user_id' | 'plan_id' | 'period' | 'gateway_subscription_id'>,
  charge: CapturedCharge,
  cycle: PaidCycle,
  now = new Date(),
): Promise<string> {
  const plan = await planInvoiceName(deps.db, row.plan_id);
  const start = cycle.start ?? Math.floor(now.getTime() / 1000);
  const { period, interval } = gatewayPeriodOf(row.period);
  const end = cycle.end ?? cycleEnd(start, period, interval);
  return deps.db.transaction().execute(async (trx) => {
    await insertCharge(trx, {
      id: newId(),
      subscription_id: row.id,
      gateway_payment_id: charge.paymentId,
      amount_paise: charge.amountPaise,
      paid_at: now.toISOString(),
      refunded_at: null,
      gateway_refund_id: null,
    });
    const stored = await lockChargeByPayment(trx, deps.dbKind, charge.paymentId);
    // Stryker disable next-line ConditionalExpression,StringLiteral: cannot happen (inserted or found just above)
    if (!stored) throw new Error(`charge ${charge.paymentId} was not recorded`);
    // An instalment's invoice says which payment it is ("payment 2 of 3").
    const line =
      plan.totalCount === null
        ? plan.name
        : `${plan.name}: payment ${await countCharges(trx, row.id)} of ${plan.totalCount}`;
    return issueChargeInvoice(
      trx,
      deps.config.tax,
      {
        id: stored.id,
        userId: row.user_id,
        // Stryker disable next-line StringLiteral: every caller found the row by its gateway subscription id (a webhook's, or one read from the gateway by it), so it is never null here
        gatewaySubscriptionId: row.gateway_subscription_id ?? '',
        gatewayPaymentId: charge.paymentId,
        amountPaise: stored.amount_paise,
        international: charge.international,
        line,
        periodStart: new Date(start * 1000),
        periodEnd: new Date(end * 1000),
      },
      now,
    );
  });
}
