import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { recordOrderEvent } from './order-events.js';
import { revokeRefundedOrder } from './revoke-order.js';

interface PaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  amount_refunded?: number;
  status: string;
  error_description?: string;
}
interface RefundEntity {
  id: string;
  payment_id: string;
  amount: number;
}
interface WebhookEvent {
  event: string;
  payload: {
    payment?: { entity: PaymentEntity };
    order?: { entity: { id: string } };
    refund?: { entity: RefundEntity };
  };
}

export const WEBHOOK_SIGNATURE_FAILED = 'The webhook signature does not match.';

/**
 * Razorpay's webhooks arrive at least once and in any order. The event id is recorded first; a repeat
 * is acknowledged and skipped. Fulfilment and revocation are idempotent themselves, so a paid order is
 * never undone by a late `payment.failed`, and a grant happens once whatever else arrived first.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
  eventId: string | undefined,
  log: FastifyBaseLogger,
): Promise<{ duplicate: boolean }> {
  if (!deps.gateway.verifyWebhookSignature(rawBody, signature))
    throw new AppError('bad_request', WEBHOOK_SIGNATURE_FAILED);
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    throw new AppError('bad_request', 'The webhook body is not JSON.');
  }
  if (eventId) {
    const inserted = await deps.db
      .insertInto('webhook_events')
      .values({ event_id: eventId, event_type: String(event.event), received_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { duplicate: true };
  }
  try {
    await applyEvent(deps, event, log);
  } catch (error) {
    // Let Razorpay deliver it again: forget the id so the retry is processed.
    if (eventId) await deps.db.deleteFrom('webhook_events').where('event_id', '=', eventId).execute();
    throw error;
  }
  return { duplicate: false };
}

async function orderFor(deps: AppDeps, gatewayOrderId: string | undefined) {
  if (!gatewayOrderId) return undefined;
  return deps.db
    .selectFrom('orders')
    .select(['id', 'status', 'total_paise'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .executeTakeFirst();
}

async function applyEvent(deps: AppDeps, event: WebhookEvent, log: FastifyBaseLogger): Promise<void> {
  const payment = event.payload?.payment?.entity;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const order = await orderFor(deps, event.payload?.order?.entity.id ?? payment?.order_id);
      if (!order || !payment) return log.warn({ event: event.event }, 'webhook for an order we do not know');
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
    case 'payment.failed': {
      const order = await orderFor(deps, payment?.order_id);
      if (!order || !payment) return;
      const stamp = new Date().toISOString();
      await deps.db
        .insertInto('payments')
        .values({
          id: payment.id,
          order_id: order.id,
          gateway_payment_id: payment.id,
          amount_paise: payment.amount,
          status: 'failed',
          source: 'webhook',
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column('gateway_payment_id').doNothing())
        .execute();
      if (order.status === 'created') {
        await deps.db
          .updateTable('orders')
          .set({ status: 'attempted', updated_at: stamp })
          .where('id', '=', order.id)
          .where('status', '=', 'created')
          .execute();
      }
      await recordOrderEvent(
        deps.db,
        order.id,
        order.status,
        order.status === 'created' ? 'attempted' : order.status,
        'webhook',
        `payment ${payment.id} failed${payment.error_description ? `: ${payment.error_description}` : ''}`,
      );
      return;
    }
    case 'refund.processed': {
      const refund = event.payload?.refund?.entity;
      const order = await orderFor(deps, payment?.order_id);
      if (!order || !refund || !payment) return;
      const fullyRefunded = (payment.amount_refunded ?? refund.amount) >= payment.amount;
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
    default:
      return;
  }
}
