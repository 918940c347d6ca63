import type { AppDeps } from '../../deps.js';
import type { GatewaySubscription } from '../../payments/gateway.js';
import { recordCharge } from './record-charge.js';
import type { SubscriptionRow } from './repo.js';

/**
 * Asks the gateway for the subscription's charges and records each captured one with its invoice (once:
 * recordCharge). The browser's word is never taken for a payment: verify and reconciliation come here,
 * so a first charge whose webhook is late or lost is recorded all the same. The latest charge paid the
 * cycle the gateway's subscription is in now; an earlier one found only here (its webhook lost) is dated
 * from now, a cycle long. Returns how many captured charges the gateway listed.
 */
export async function recordGatewayCharges(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config' | 'gateway'>,
  row: Pick<SubscriptionRow, 'id' | 'user_id' | 'plan_id' | 'period' | 'gateway_subscription_id'>,
  subscription: GatewaySubscription,
  now = new Date(),
): Promise<number> {
  // Stryker disable next-line ConditionalExpression: verify and reconciliation call this only with the subscription syncFromGateway read by this id, which it reads only when there is one: `false` cannot differ (the `true` half is killed, but both go by this one name)
  if (!row.gateway_subscription_id) return 0;
  const charges = await deps.gateway.fetchSubscriptionCharges(row.gateway_subscription_id);
  const captured = charges.filter((charge) => charge.status === 'captured');
  for (const [index, charge] of captured.entries()) {
    const latest = index === captured.length - 1;
    await recordCharge(
      deps,
      row,
      { paymentId: charge.id, amountPaise: charge.amount, international: charge.international },
      // Stryker disable next-line ObjectLiteral: recordCharge reads missing bounds with ??, so {} (undefined) dates an earlier charge as { start: null, end: null } does
      latest ? { start: subscription.currentStart, end: subscription.currentEnd } : { start: null, end: null },
      now,
    );
  }
  return captured.length;
}
