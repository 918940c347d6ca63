import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { followReplacements } from './follow-replacements.js';
import { notifyMembers } from './notify-members.js';
import { recordGatewayCharges } from './record-gateway-charges.js';
import { findSubscriptionsToReconcile } from './repo.js';
import { syncFromGateway } from './sync-from-gateway.js';

/** As orders' reconciliation: what the gateway has not told us within this long is asked. */
export const RECONCILE_SUBSCRIPTIONS_AFTER_MINUTES = 15;
const CHECKOUT_HOURS = 24;

export interface SubscriptionReconcileReport {
  checked: number;
  /** Subscriptions whose status differed from the gateway's and now agrees. */
  changed: number;
  unreachable: number;
  rejected: number;
}

/**
 * Access must agree with the gateway even when its webhooks and the browser's verify are lost. Each pass
 * asks the gateway about the live subscriptions that should have moved and did not: a charge due 15
 * minutes ago or more (a renewal, a retry, a trial's end, a cancellation at period end), or a checkout
 * opened in the last day that never came back. Each is stored as the gateway holds it (its write refuses
 * an older state). A charge whose webhook was lost is not found this way: the port has no list of a
 * subscription's payments yet.
 */
export async function reconcileSubscriptions(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config' | 'gateway' | 'mail'>,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<SubscriptionReconcileReport> {
  const cutoff = new Date(now.getTime() - RECONCILE_SUBSCRIPTIONS_AFTER_MINUTES * 60_000).toISOString();
  const dayAgo = new Date(now.getTime() - CHECKOUT_HOURS * 3_600_000).toISOString();
  const due = await findSubscriptionsToReconcile(deps.db, cutoff, dayAgo);
  const report: SubscriptionReconcileReport = { checked: due.length, changed: 0, unreachable: 0, rejected: 0 };
  for (const row of due) {
    try {
      const current = await syncFromGateway(deps, row, now);
      if (current && current.status !== row.status) report.changed += 1;
      // Charges whose webhook was lost, each with its invoice (once, whoever else records it).
      if (current) await recordGatewayCharges(deps, row, current, now);
      // A resume or new method authorised while its verify and webhooks were lost takes over now.
      if (current) await followReplacements(deps, row, current, now);
      // The member's e-mails that the lost webhooks would have caused (each once, whoever else sends it).
      if (current && row.gateway_subscription_id) await notifyMembers(deps, row.gateway_subscription_id, now);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) report.unreachable += 1;
      else if (error instanceof GatewayRejectedError) {
        report.rejected += 1;
        log.warn({ subscriptionId: row.id, err: error }, 'gateway refused a subscription lookup');
      } else throw error;
    }
  }
  if (report.checked > 0) log.info(report, 'subscription reconciliation pass');
  return report;
}
