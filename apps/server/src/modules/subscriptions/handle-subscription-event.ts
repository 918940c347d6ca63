import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { newId } from '../../ids.js';
import type { SubscriptionDelivery } from '../../payments/gateway.js';
import { findByGatewayId, insertCharge } from './repo.js';
import { syncFromGateway } from './sync-from-gateway.js';

/**
 * A subscription webhook (any of Razorpay's nine), after the orders module checked its signature and
 * recorded its delivery id. A captured charge is recorded once by its payment id, whatever repeats it;
 * the state is then read from the gateway, so replays and events out of order (`charged` before
 * `activated`) leave what the gateway holds. A failure throws, so the delivery is retried.
 */
export async function handleSubscriptionEvent(
  deps: Pick<AppDeps, 'db' | 'gateway'>,
  delivery: SubscriptionDelivery,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  const row = await findByGatewayId(deps.db, delivery.subscription.id);
  if (!row) return log.warn({ event: delivery.event }, 'webhook for a subscription we do not know');
  const { payment } = delivery;
  if (delivery.event === 'subscription.charged' && payment?.status === 'captured') {
    await insertCharge(deps.db, {
      id: newId(),
      subscription_id: row.id,
      gateway_payment_id: payment.id,
      amount_paise: payment.amount,
      paid_at: now.toISOString(),
    });
  }
  await syncFromGateway(deps, row, now);
}
