import type { AppDeps } from '../../deps.js';
import type { GatewaySubscription } from '../../payments/gateway.js';
import { applyState, type GatewayState, type SubscriptionRow } from './repo.js';

const isoOf = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/** The gateway's subscription in the module's columns (its Unix seconds as ISO times). */
export function stateOf(subscription: GatewaySubscription): GatewayState {
  return {
    status: subscription.status,
    paid_count: subscription.paidCount,
    current_period_end: isoOf(subscription.currentEnd),
    next_charge_at: isoOf(subscription.chargeAt),
    ended_at: isoOf(subscription.endedAt),
  };
}

/**
 * Access follows the gateway: its state is read afresh (never taken from an event, which may be a replay
 * or arrive out of order) and stored unless an ended or further-paid state is already there.
 */
export async function syncFromGateway(
  deps: Pick<AppDeps, 'db' | 'gateway'>,
  row: Pick<SubscriptionRow, 'id' | 'gateway_subscription_id'>,
  now = new Date(),
): Promise<GatewaySubscription | undefined> {
  if (!row.gateway_subscription_id) return undefined;
  const subscription = await deps.gateway.fetchSubscription(row.gateway_subscription_id);
  await applyState(deps.db, row.id, stateOf(subscription), now.toISOString());
  return subscription;
}
