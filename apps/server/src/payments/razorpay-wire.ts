import { randomBytes } from 'node:crypto';
import { hmacHex } from '../auth/signatures.js';
import {
  type GatewaySubscription,
  type PaymentConfirmation,
  SUBSCRIPTION_EVENTS,
  type SubscriptionCharge,
  type SubscriptionConfirmation,
  type SubscriptionDelivery,
  type SubscriptionEvent,
  type WebhookDelivery,
  type WebhookReading,
} from './gateway.js';
import { verifyPaymentSignature, verifySubscriptionSignature, verifyWebhookSignature } from './signatures.js';

// Razorpay's wire shapes (its webhooks and its checkout's answer), read into the port's neutral ones.
// The sandbox speaks the same, so both adapters use these.

export interface PaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  amount_refunded?: number;
  status: string;
  error_description?: string;
  currency?: string;
  international?: boolean;
  invoice_id?: string | null;
}

/** Razorpay's subscription entity (API answers and webhook payloads), the fields the port reads. */
export interface RazorpaySubscriptionEntity {
  id: string;
  entity: 'subscription';
  plan_id: string;
  status: GatewaySubscription['status'];
  total_count: number;
  paid_count: number;
  current_start: number | null;
  current_end: number | null;
  charge_at: number | null;
  start_at: number | null;
  ended_at: number | null;
  customer_notify: boolean | number;
  notes: Record<string, string> | unknown[] | null;
}

/** Razorpay sends empty notes as `[]` (a PHP empty array); the port always has an object. */
function notesOf(notes: unknown): Record<string, string> {
  if (!notes || typeof notes !== 'object' || Array.isArray(notes)) return {};
  return Object.fromEntries(Object.entries(notes).map(([key, value]) => [key, String(value)]));
}

const time = (value: unknown) => (typeof value === 'number' ? value : null);

export function toGatewaySubscription(entity: RazorpaySubscriptionEntity): GatewaySubscription {
  return {
    id: entity.id,
    planId: entity.plan_id,
    status: entity.status,
    totalCount: entity.total_count,
    paidCount: entity.paid_count,
    currentStart: time(entity.current_start),
    currentEnd: time(entity.current_end),
    chargeAt: time(entity.charge_at),
    startAt: time(entity.start_at),
    endedAt: time(entity.ended_at),
    customerNotify: entity.customer_notify === true || entity.customer_notify === 1,
    notes: notesOf(entity.notes),
  };
}

export function toSubscriptionCharge(entity: PaymentEntity): SubscriptionCharge {
  return {
    id: entity.id,
    amount: entity.amount,
    currency: entity.currency ?? 'INR',
    status: entity.status as SubscriptionCharge['status'],
    international: entity.international === true,
    invoiceId: entity.invoice_id ?? null,
    orderId: entity.order_id ?? null,
  };
}

const subscriptionEvents = new Set<string>(SUBSCRIPTION_EVENTS);

/**
 * A webhook as Razorpay sends one: the event envelope (`payload.<name>.entity` for each entity) as the
 * exact bytes to send, signed with the webhook secret in `X-Razorpay-Signature`, its id in
 * `X-Razorpay-Event-Id`. The sandbox and the tests' Razorpay stand-in make their deliveries with it.
 */
export function signedRazorpayWebhook(
  webhookSecret: string,
  event: string,
  entities: Record<string, unknown>,
  createdAt: number,
  eventId = `evt_${randomBytes(7).toString('hex')}`,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event,
    contains: Object.keys(entities),
    payload: Object.fromEntries(Object.entries(entities).map(([key, entity]) => [key, { entity }])),
    created_at: createdAt,
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(webhookSecret, body),
      'x-razorpay-event-id': eventId,
    },
  };
}
interface RefundEntity {
  id: string;
  payment_id: string;
  amount: number;
}
interface WebhookEvent {
  event: string;
  payload?: {
    payment?: { entity: PaymentEntity };
    order?: { entity: { id: string } };
    refund?: { entity: RefundEntity };
    subscription?: { entity: RazorpaySubscriptionEntity };
  };
}

// A Map, so an event named like an object's own property ('toString') is just another event.
const KINDS = new Map<string, WebhookDelivery['kind']>([
  ['payment.captured', 'paid'],
  ['order.paid', 'paid'],
  ['payment.failed', 'failed'],
  ['refund.processed', 'refunded'],
]);

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  // Stryker disable next-line ConditionalExpression: Node joins a repeated header into one string, so these headers are a string or absent (undefined either way)
  return typeof value === 'string' ? value : undefined;
}

/**
 * A Razorpay webhook: signed with the webhook secret in `X-Razorpay-Signature` over the raw body, its
 * delivery id in `X-Razorpay-Event-Id`. A payment's order is the event's own order (`order.paid`) or the
 * payment's.
 */
export function readRazorpayWebhook(
  webhookSecret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): WebhookReading {
  if (!verifyWebhookSignature(webhookSecret, rawBody, header(headers, 'x-razorpay-signature')))
    return { ok: false, reason: 'signature' };
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    return { ok: false, reason: 'body' };
  }
  if (event === null) return { ok: false, reason: 'body' };
  const payment = event.payload?.payment?.entity;
  const refund = event.payload?.refund?.entity;
  const subscriptionEntity = event.payload?.subscription?.entity;
  if (subscriptionEvents.has(String(event.event)) && subscriptionEntity) {
    // A subscription event whose entity has no id cannot be acted on: refused as unreadable.
    if (typeof subscriptionEntity.id !== 'string') return { ok: false, reason: 'body' };
    const subscription: SubscriptionDelivery = {
      event: event.event as SubscriptionEvent,
      subscription: toGatewaySubscription(subscriptionEntity),
      payment: payment && toSubscriptionCharge(payment),
    };
    return {
      ok: true,
      delivery: {
        eventId: header(headers, 'x-razorpay-event-id'),
        type: String(event.event),
        kind: 'subscription',
        gatewayOrderId: undefined,
        payment: undefined,
        refund: undefined,
        subscription,
      },
    };
  }
  const kind = KINDS.get(String(event.event)) ?? 'other';
  return {
    ok: true,
    delivery: {
      eventId: header(headers, 'x-razorpay-event-id'),
      type: String(event.event),
      kind,
      gatewayOrderId: (kind === 'paid' ? event.payload?.order?.entity.id : undefined) ?? payment?.order_id,
      payment: payment && {
        id: payment.id,
        gatewayOrderId: payment.order_id,
        amount: payment.amount,
        amountRefunded: payment.amount_refunded,
        failure: payment.error_description,
      },
      refund: refund && { id: refund.id, amount: refund.amount },
    },
  };
}

/** Razorpay checkout's answer to a payment: its three `razorpay_*` fields (the spec's verify-payment body). */
export function readRazorpayConfirmation(body: Record<string, unknown>): PaymentConfirmation | null {
  const { razorpay_order_id: order, razorpay_payment_id: payment, razorpay_signature: signature } = body;
  if (typeof order !== 'string' || typeof payment !== 'string' || typeof signature !== 'string') return null;
  return { gatewayOrderId: order, paymentId: payment, signature };
}

/** Razorpay checkout's answer to a subscription's authorisation: `razorpay_payment_id`, `_subscription_id`, `_signature`. */
export function readRazorpaySubscriptionConfirmation(body: Record<string, unknown>): SubscriptionConfirmation | null {
  const { razorpay_subscription_id: subscription, razorpay_payment_id: payment, razorpay_signature: signature } = body;
  if (typeof subscription !== 'string' || typeof payment !== 'string' || typeof signature !== 'string') return null;
  return { gatewaySubscriptionId: subscription, paymentId: payment, signature };
}

/**
 * The port's checks of what arrives on Razorpay's wire (checkout answers and webhooks), with a gateway's
 * two secrets: the one that signs payments and the webhook secret. Razorpay and the sandbox extend it.
 */
export abstract class RazorpayWire {
  constructor(private readonly wireSecrets: { payment: string; webhook: string }) {}

  verifyPaymentSignature(gatewayOrderId: string, paymentId: string, signature: string | undefined): boolean {
    return verifyPaymentSignature(this.wireSecrets.payment, gatewayOrderId, paymentId, signature);
  }

  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean {
    return verifyWebhookSignature(this.wireSecrets.webhook, rawBody, signature);
  }

  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookReading {
    return readRazorpayWebhook(this.wireSecrets.webhook, rawBody, headers);
  }

  readConfirmation(body: Record<string, unknown>): PaymentConfirmation | null {
    return readRazorpayConfirmation(body);
  }

  verifySubscriptionSignature(
    gatewaySubscriptionId: string,
    paymentId: string,
    signature: string | undefined,
  ): boolean {
    return verifySubscriptionSignature(this.wireSecrets.payment, gatewaySubscriptionId, paymentId, signature);
  }

  readSubscriptionConfirmation(body: Record<string, unknown>): SubscriptionConfirmation | null {
    return readRazorpaySubscriptionConfirmation(body);
  }
}
