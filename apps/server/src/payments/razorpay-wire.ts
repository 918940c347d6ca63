import type { PaymentConfirmation, WebhookDelivery, WebhookReading } from './gateway.js';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures.js';

// Razorpay's wire shapes (its webhooks and its checkout's answer), read into the port's neutral ones.
// The sandbox speaks the same, so both adapters use these.

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
  payload?: {
    payment?: { entity: PaymentEntity };
    order?: { entity: { id: string } };
    refund?: { entity: RefundEntity };
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
}
