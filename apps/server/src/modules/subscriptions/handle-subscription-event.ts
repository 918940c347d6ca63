import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { SubscriptionDelivery } from '../../payments/gateway.js';
import { followReplacements } from './follow-replacements.js';
import { recordCharge } from './record-charge.js';
import { findByGatewayId } from './repo.js';
import { syncFromGateway } from './sync-from-gateway.js';

/**
 * A subscription webhook (any of Razorpay's nine), after the orders module checked its signature and
 * recorded its delivery id. A captured charge is recorded once by its payment id, with its tax invoice,
 * whatever repeats it;
 * the state is then read from the gateway, so replays and events out of order (`charged` before
 * `activated`) leave what the gateway holds. A failure throws, so the delivery is retried.
 */
export async function handleSubscriptionEvent(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config' | 'gateway'>,
  delivery: SubscriptionDelivery,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  const row = await findByGatewayId(deps.db, delivery.subscription.id);
  // Stryker disable next-line ObjectLiteral,StringLiteral: the log line's fields and text only; nothing is stored or answered differently
  if (!row) return log.warn({ event: delivery.event }, 'webhook for a subscription we do not know');
  const { payment } = delivery;
  if (delivery.event === 'subscription.charged' && payment?.status === 'captured') {
    // The charge and its tax invoice, together and once (record-charge.ts); the snapshot names its cycle.
    const { currentStart, currentEnd } = delivery.subscription;
    await recordCharge(
      deps,
      row,
      { paymentId: payment.id, amountPaise: payment.amount, international: payment.international },
      { start: currentStart, end: currentEnd },
      now,
    );
  }
  const current = await syncFromGateway(deps, row, now);
  // Resume and a new method: an authorised replacement takes over even if verify is lost (decision 0037 addendum).
  // Stryker disable next-line ConditionalExpression: the row was found by its gateway subscription id, so syncFromGateway reads the subscription (or throws): `true` cannot differ
  if (current) await followReplacements(deps, row, current, now);
}
