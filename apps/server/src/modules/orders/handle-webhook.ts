import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { WebhookDelivery } from '../../payments/gateway.js';
import { enrolInstalmentBuyers } from '../learning/index.js';
import { handleSubscriptionEvent, notifyMembers, recordGatewayRefund } from '../subscriptions/index.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { recordOrderEvent } from './order-events.js';
import {
  findOrderByGatewayOrderId,
  forgetWebhookEvent,
  insertFailedPayment,
  markAttempted,
  recordWebhookEvent,
} from './repo.js';
import { revokeRefundedOrder } from './revoke-order.js';

export const WEBHOOK_SIGNATURE_FAILED = 'The webhook signature does not match.';

/**
 * A payment provider's webhooks arrive at least once and in any order; its adapter checks the signature
 * and reads the delivery (payments/gateway.ts). The delivery id is recorded first; a repeat is
 * acknowledged and skipped. Fulfilment and revocation are idempotent themselves, so a paid order is
 * never undone by a late failed payment, and a grant happens once whatever else arrived first.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  log: FastifyBaseLogger,
): Promise<{ duplicate: boolean }> {
  const reading = deps.gateway.readWebhook(rawBody, headers);
  if (!reading.ok)
    throw new AppError(
      'bad_request',
      reading.reason === 'signature' ? WEBHOOK_SIGNATURE_FAILED : 'The webhook body is not JSON.',
    );
  const { delivery } = reading;
  const { eventId } = delivery;
  if (eventId && !(await recordWebhookEvent(deps.db, eventId, delivery.type, new Date().toISOString())))
    return { duplicate: true };
  try {
    await applyEvent(deps, delivery, log);
  } catch (error) {
    // Let the provider deliver it again: forget the id so the retry is processed.
    // Stryker disable next-line ConditionalExpression: without an id, deleting `where event_id = undefined` removes no row
    if (eventId) await forgetWebhookEvent(deps.db, eventId);
    throw error;
  }
  return { duplicate: false };
}

async function orderFor(deps: AppDeps, gatewayOrderId: string | undefined) {
  // Stryker disable next-line ConditionalExpression: the query for `gateway_order_id = undefined` finds no order either
  if (!gatewayOrderId) return undefined;
  return findOrderByGatewayOrderId(deps.db, gatewayOrderId);
}

async function applyEvent(deps: AppDeps, event: WebhookDelivery, log: FastifyBaseLogger): Promise<void> {
  const { payment } = event;
  switch (event.kind) {
    case 'paid': {
      const order = await orderFor(deps, event.gatewayOrderId);
      if (!order || !payment) return log.warn({ event: event.type }, 'webhook for an order we do not know');
      if (payment.amount !== order.total_paise) {
        return log.error(
          { orderId: order.id, paid: payment.amount, due: order.total_paise },
          'paid amount differs from the order total; not fulfilled',
        );
      }
      await fulfilOrder(
        fulfilContext(deps),
        order.id,
        { gatewayPaymentId: payment.id, amountPaise: payment.amount },
        'webhook',
      );
      return;
    }
    case 'failed': {
      const order = await orderFor(deps, event.gatewayOrderId);
      if (!order || !payment) return;
      const stamp = new Date().toISOString();
      await insertFailedPayment(deps.db, {
        orderId: order.id,
        gatewayPaymentId: payment.id,
        amountPaise: payment.amount,
        source: 'webhook',
        now: stamp,
      });
      // Stryker disable next-line ConditionalExpression: the update carries its own `where status = 'created'`, so it changes nothing for another status
      if (order.status === 'created') await markAttempted(deps.db, order.id, stamp);
      await recordOrderEvent(
        deps.db,
        order.id,
        order.status,
        order.status === 'created' ? 'attempted' : order.status,
        'webhook',
        `payment ${payment.id} failed${payment.failure ? `: ${payment.failure}` : ''}`,
      );
      return;
    }
    case 'refunded': {
      const { refund } = event;
      const order = await orderFor(deps, event.gatewayOrderId);
      if (!refund || !payment) return;
      const fullyRefunded = (payment.amountRefunded ?? refund.amount) >= payment.amount;
      if (!order) {
        // A membership charge's payment (its order is the gateway's invoice's, not ours): its credit note.
        const outcome = await recordGatewayRefund(deps, {
          gatewayPaymentId: payment.id,
          gatewayRefundId: refund.id,
          amountPaise: refund.amount,
          fullyRefunded,
        });
        if (outcome !== 'not_a_charge')
          log.info({ payment: payment.id, refund: refund.id, outcome }, 'membership charge refund at the gateway');
        return;
      }
      if (!fullyRefunded)
        return log.info(
          { orderId: order.id, refund: refund.id },
          'partial refund recorded by the gateway; access kept',
        );
      await revokeRefundedOrder(
        fulfilContext(deps),
        order.id,
        { gatewayPaymentId: payment.id, gatewayRefundId: refund.id, amountPaise: refund.amount },
        'webhook',
      );
      return;
    }
    case 'subscription': {
      // A membership's events are the subscriptions module's; it records charges once and reads the state afresh.
      if (event.subscription) {
        await handleSubscriptionEvent(deps, event.subscription, log);
        // The member's e-mails (welcome, receipt, failed charge, halt, end), each once per occasion.
        await notifyMembers(deps, event.subscription.subscription.id);
        // An instalment course is the buyer's once its N-th charge is in and the gateway says completed.
        await enrolInstalmentBuyers(deps, { gatewaySubscriptionId: event.subscription.subscription.id });
      }
      return;
    }
    // Stryker disable next-line ConditionalExpression: the switch ends there anyway
    default:
      return;
  }
}
